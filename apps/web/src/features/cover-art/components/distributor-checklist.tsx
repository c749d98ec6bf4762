import type { DistributorCheck } from '@members-only/shared/cover';
import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';

/** The distributor check beside the image: each rule, passed, failed, or "check by eye" when it cannot be measured. */
export function DistributorChecklist({ checks }: { checks: DistributorCheck[] }) {
  return (
    <section aria-labelledby="distributor-check" className="rounded-xl border border-border bg-card p-4">
      <h3 id="distributor-check" className="text-sm font-semibold">
        Distributor check
      </h3>
      <ul className="mt-3 grid gap-2 text-sm" data-testid="distributor-checklist">
        {checks.map((check) => (
          <li key={check.id} className="flex items-start gap-2" data-ok={check.ok === null ? 'unknown' : String(check.ok)}>
            {check.ok === true ? (
              <CircleCheck aria-label="Passed" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : check.ok === false ? (
              <CircleAlert aria-label="Needs attention" className="mt-0.5 size-4 shrink-0 text-destructive" />
            ) : (
              <CircleHelp aria-label="Check by eye" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            <span>
              <span className="font-medium">{check.label}</span>
              <span className="block text-xs text-muted-foreground">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
