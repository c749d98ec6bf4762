import { BUILT_IN_MARKETING_PLANNER, marketingFileName, marketingPlanDocument, type CalendarItem, type MarketingPlan } from '@members-only/shared/marketing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, FileDown, RotateCcw, Save } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { FeedbackMarkdown } from '@/components/feedback-markdown';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { marketingCalendarUrl, marketingPlanQueryKey, saveMarketingCalendar } from '../api/marketing-plans';
import { downloadText, downloadUrl } from '../lib/download';
import { CalendarEditor } from './calendar-editor';

interface Draft {
  releaseDate: string;
  items: CalendarItem[];
}

/** A plan: the Markdown, the editable calendar, downloads, and 'Create Another Plan'. */
export const PlanView = forwardRef<HTMLElement, { plan: MarketingPlan; onCreateAnother: () => void }>(function PlanView({ plan, onCreateAnother }, ref) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ releaseDate: plan.releaseDate, items: plan.calendar });
  const dirty = draft.releaseDate !== plan.releaseDate || JSON.stringify(draft.items) !== JSON.stringify(plan.calendar);
  const save = useMutation({
    mutationFn: () => saveMarketingCalendar(plan.id, draft),
    onSuccess: (saved) => queryClient.setQueryData(marketingPlanQueryKey(saved.id), saved),
  });

  const saveIfNeeded = async () => {
    if (dirty) await save.mutateAsync();
  };
  const downloadCalendar = async () => {
    try {
      await saveIfNeeded();
      downloadUrl(marketingCalendarUrl(plan.id), marketingFileName(plan.title, 'ics'));
    } catch (error) {
      toast({ title: 'Could not save the calendar', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <section ref={ref} aria-labelledby="plan-title" className="flex scroll-mt-20 flex-col gap-6 rounded-2xl md:scroll-mt-6 border border-border bg-card p-5 shadow-sm sm:p-6" data-testid="marketing-plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-title" className="text-xl font-bold tracking-tight">
            Marketing Plan for {plan.title}
          </h2>
          <p className="mt-1 text-xs text-muted-foreground" data-testid="plan-engine">
            {plan.kind === 'built-in' ? `Written by the ${BUILT_IN_MARKETING_PLANNER.toLowerCase()} from your lyrics — no AI model` : `Written by ${plan.engine}; the calendar dates come from the built-in release planner`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => downloadText(marketingFileName(plan.title, 'md'), marketingPlanDocument(plan, draft.releaseDate, draft.items), 'text/markdown')}>
            <FileDown aria-hidden="true" className="size-4" /> Download Markdown
          </Button>
          <Button variant="outline" size="sm" onClick={() => void downloadCalendar()} disabled={save.isPending}>
            <CalendarDays aria-hidden="true" className="size-4" /> Download calendar (.ics)
          </Button>
        </div>
      </div>

      <div className="marketing-markdown max-w-none" data-testid="plan-markdown">
        <FeedbackMarkdown text={plan.markdown} />
      </div>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">Release calendar</h3>
          <Button size="sm" variant={dirty ? 'default' : 'outline'} disabled={!dirty || save.isPending} onClick={() => void saveIfNeeded().catch(() => {})}>
            <Save aria-hidden="true" className="size-4" /> {save.isPending ? 'Saving...' : dirty ? 'Save calendar' : 'Calendar saved'}
          </Button>
        </div>
        {save.isError ? <p className="text-sm text-destructive">Could not save the calendar: {errorMessage(save.error)}</p> : null}
        <CalendarEditor releaseDate={draft.releaseDate} items={draft.items} onChange={setDraft} />
      </div>

      <div>
        <Button variant="secondary" onClick={onCreateAnother}>
          <RotateCcw aria-hidden="true" className="size-4" /> Create Another Plan
        </Button>
      </div>
    </section>
  );
});
