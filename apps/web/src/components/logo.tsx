import { APP_NAME } from '@members-only/shared/constants';
import { cn } from '@/lib/utils';

/** The brand mark plus name. Wrap it in a Link where it should lead home. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-lg font-bold tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <path d="M16 46V18h6l10 14 10-14h6v28h-6V28l-10 14-10-14v18z" className="fill-primary-foreground" />
      </svg>
      <span>{APP_NAME}</span>
    </span>
  );
}
