import { REVIEW_FOCUS_MAX } from '@members-only/shared/review';
import { useId, useRef } from 'react';
import { QuickActions } from '@/components/quick-actions';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { QUICK_ACTIONS } from '@/lib/quick-actions';

interface ReviewFocusProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * "What should the review focus on?": optional words sent with the review, which the spec's review
 * chips (issue 24) fill, to be finished by the artist. The review puts what they name first.
 */
export function ReviewFocus({ value, onChange, disabled = false }: ReviewFocusProps) {
  const id = useId();
  const hintId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        What should the review focus on? <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Textarea
        id={id}
        ref={ref}
        rows={2}
        value={value}
        maxLength={REVIEW_FOCUS_MAX}
        disabled={disabled}
        aria-describedby={hintId}
        placeholder="e.g. my flow in the second verse, or whether the hook is strong enough"
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        The review puts what you name first. Your scores stay the same.
      </p>
      {disabled ? null : (
        <QuickActions
          actions={QUICK_ACTIONS.review}
          onFill={(text) => {
            onChange(text);
            requestAnimationFrame(() => {
              ref.current?.focus();
              ref.current?.setSelectionRange(text.length, text.length);
            });
          }}
        />
      )}
    </div>
  );
}
