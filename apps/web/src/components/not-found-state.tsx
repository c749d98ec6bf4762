import { useId, type ComponentType } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonVariants } from '@/components/ui/button';

/** A missing (or someone else's) item opened by link: what happened, and a way to start fresh. */
export function NotFoundState({
  icon: Icon,
  title,
  description,
  actionLabel,
  actionTo,
  actionState,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  description: string;
  actionLabel: string;
  actionTo: string;
  actionState?: LinkProps['state'];
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card/60 px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 id={headingId} className="mt-4 text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{description}</p>
      <Link to={actionTo} state={actionState} className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
        {actionLabel}
      </Link>
    </section>
  );
}
