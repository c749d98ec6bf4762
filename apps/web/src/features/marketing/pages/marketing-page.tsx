import { localIsoDate, MARKETING, MARKETING_MESSAGES, type MarketingPlan } from '@members-only/shared/marketing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSong } from '@/lib/api/songs';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { HttpError } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { parseIdParam } from '@/lib/route-params';
import { sectionById } from '@/lib/sections';
import { cn } from '@/lib/utils';
import { createMarketingPlan, marketingPlanQueryKey, marketingPlansQueryKey, useMarketingPlan, useMarketingPlans } from '../api/marketing-plans';
import { defaultReleaseDate } from '../lib/calendar-edit';
import { MarketingForm, type MarketingFormValues, type TracksState } from '../components/marketing-form';
import { PlanView } from '../components/plan-view';

const emptyValues = (songId: number | null = null): MarketingFormValues => ({ songId, trackId: null, title: '', context: '', releaseDate: defaultReleaseDate(localIsoDate(), MARKETING.defaultLeadDays) });

/**
 * /marketing and /marketing/:id. Without an id nothing is stored until the first plan, which
 * creates the 'marketing' conversation with it; the URL then becomes /marketing/:id without
 * starting over. A conversation's saved plans are listed to reopen.
 */
export function MarketingPage({ tracks }: { tracks: TracksState }) {
  const section = sectionById('marketing');
  const id = parseIdParam(useParams().id);
  // The session that created a conversation stays mounted while the URL moves to its id.
  // Once it has arrived there, any other address ends it: /marketing (the nav link) gets a fresh
  // session, another id opens that conversation's plans.
  const [created, setCreated] = useState<{ id: number; key: string; arrived: boolean } | null>(null);
  const [generation, setGeneration] = useState(0);
  if (created && id === created.id && !created.arrived) setCreated({ ...created, arrived: true });
  if (created && id !== created.id && (created.arrived || id !== null)) {
    setCreated(null);
    if (id === null) setGeneration((g) => g + 1);
  }
  const key = created && created.id === id ? created.key : id === null ? `new:${generation}` : `id:${String(id)}`;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      <PageHeader title="Marketing Plan" subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-6">
        {id === 'invalid' ? (
          <PlanNotFound />
        ) : (
          <MarketingSession key={key} conversationId={id} tracks={tracks} onCreated={(newId) => setCreated({ id: newId, key, arrived: false })} />
        )}
      </div>
    </div>
  );
}

function MarketingSession({ conversationId, tracks, onCreated }: { conversationId: number | null; tracks: TracksState; onCreated: (id: number) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Issue 26: /marketing?song=12 starts from that song.
  const [searchParams] = useSearchParams();
  const songParam = parseIdParam(searchParams.get('song') ?? undefined);
  const [values, setValues] = useState(() => emptyValues(typeof songParam === 'number' ? songParam : null));
  // A chosen song fills in its title, newest version and release date once it has loaded (the artist can change them).
  const song = useSong(values.songId);
  const [filledFor, setFilledFor] = useState<number | null>(null);
  if (song.data && song.data.id === values.songId && filledFor !== song.data.id) {
    const data = song.data;
    setFilledFor(data.id);
    setValues((v) => ({
      ...v,
      title: data.title,
      trackId: data.versions[0]?.track.id ?? null,
      releaseDate: data.releaseDate && data.releaseDate >= localIsoDate() ? data.releaseDate : v.releaseDate,
    }));
  }
  const [openPlanId, setOpenPlanId] = useState<number | null>(null);
  /** After 'Create Another Plan' no plan opens by itself. */
  const [cleared, setCleared] = useState(false);
  const planRef = useRef<HTMLElement>(null);
  const [scrollFor, setScrollFor] = useState<number | null>(null);

  const plans = useMarketingPlans(conversationId);
  const shownId = openPlanId ?? (cleared ? null : (plans.data?.[0]?.id ?? null));
  const plan = useMarketingPlan(shownId);
  const notFound = plans.error instanceof HttpError && (plans.error.status === 404 || plans.error.status === 400);

  // Spec §8: a list that fails to load says so (the dropdown says it too).
  useEffect(() => {
    if (tracks.failed) toast({ title: 'Error', description: 'Failed to load tracks. Please try again later.', variant: 'destructive' });
  }, [tracks.failed]);

  const create = useMutation({
    mutationFn: () =>
      createMarketingPlan({
        ...(conversationId !== null ? { conversationId } : {}),
        ...(values.songId !== null ? { songId: values.songId } : {}),
        trackId: values.trackId,
        title: values.title.trim(),
        context: values.context,
        releaseDate: values.releaseDate,
      }),
    onSuccess: (created: MarketingPlan) => {
      queryClient.setQueryData(marketingPlanQueryKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: marketingPlansQueryKey(created.conversationId) });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      setOpenPlanId(created.id);
      setCleared(false);
      setScrollFor(created.id);
      toast({ title: 'Success', description: MARKETING_MESSAGES.success, variant: 'success' });
      if (conversationId === null) {
        onCreated(created.conversationId);
        void navigate(`/marketing/${created.conversationId}`, { replace: true });
      }
    },
    onError: (error) => {
      // A spent quota says so (amendment A7); anything else gets the spec's message.
      const quota = error instanceof HttpError && error.status === 429 && error.serverMessage;
      toast({ title: MARKETING_MESSAGES.failedTitle, description: quota || MARKETING_MESSAGES.failed, variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY }),
  });

  // A conversation opened from a link shows its newest plan: scroll to it as to a new one.
  const newest = plans.data?.[0]?.id;
  const [reopened, setReopened] = useState(false);
  if (!reopened && newest !== undefined && openPlanId === null && !cleared) {
    setReopened(true);
    setScrollFor(newest);
  }

  // Spec §9: the result scrolls into view 200 ms after it appears.
  useEffect(() => {
    if (scrollFor === null || plan.data?.id !== scrollFor) return;
    const timer = setTimeout(() => {
      planRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      setScrollFor(null);
    }, MARKETING.scrollDelayMs);
    return () => clearTimeout(timer);
  }, [scrollFor, plan.data?.id]);

  if (notFound) return <PlanNotFound />;

  const createAnother = () => {
    setValues(emptyValues());
    setFilledFor(null);
    setOpenPlanId(null);
    setCleared(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="flex flex-col gap-6">
      {plans.data && plans.data.length > 0 ? (
        <nav aria-label="Saved plans" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-muted-foreground">Saved plans</h2>
          <ul className="flex flex-wrap gap-2">
            {plans.data.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-current={p.id === shownId ? 'true' : undefined}
                  className={cn(
                    'rounded-full border px-3 py-1.5 text-left text-xs transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    p.id === shownId ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border hover:bg-accent',
                  )}
                  onClick={() => {
                    setOpenPlanId(p.id);
                    setCleared(false);
                    setScrollFor(p.id);
                  }}
                >
                  <span className="font-medium">{p.title}</span>
                  <span className="text-muted-foreground"> · release {p.releaseDate} · {new Date(p.createdAt).toLocaleDateString()}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <MarketingForm values={values} onChange={setValues} onSubmit={() => create.mutate()} generating={create.isPending} tracks={tracks} />

      {shownId !== null && plan.isPending ? (
        <div role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading the plan…
        </div>
      ) : null}
      {plan.data && shownId === plan.data.id ? <PlanView key={plan.data.id} ref={planRef} plan={plan.data} onCreateAnother={createAnother} /> : null}
    </div>
  );
}

function PlanNotFound() {
  return (
    <NotFoundState
      icon={FileQuestion}
      title="Marketing plan not found"
      description="It may have been deleted, or the link is wrong."
      actionLabel="Create a new plan"
      actionTo="/marketing"
    />
  );
}
