import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { APP_NAME } from '@members-only/shared/constants';
import { cn } from '@/lib/utils';

/** A page's h1 and subtitle; also sets the document title. */
export function PageHeader({
  title,
  subtitle,
  icon: Icon,
  actions,
  className,
}: {
  title: string;
  subtitle?: string;
  icon?: LucideIcon;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('flex flex-wrap items-start justify-between gap-4', className)}>
      <title>{`${title} · ${APP_NAME}`}</title>
      <div className="flex items-start gap-4">
        {Icon ? (
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground sm:flex">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        ) : null}
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
        </div>
      </div>
      {actions}
    </header>
  );
}
