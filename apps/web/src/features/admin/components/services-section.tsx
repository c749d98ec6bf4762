import type { ServiceStatus } from '@members-only/shared/admin';
import { CircleCheck, CircleMinus, CircleX, RefreshCw } from 'lucide-react';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useAdminServices } from '../api/get-services';

/** "Reachable", "Not reachable" or "Nothing to reach" (built in, or not connected): the check in a few words. */
export function reachabilityLabel(service: Pick<ServiceStatus, 'reachable'>): string {
  if (service.reachable === null) return 'Nothing to reach';
  return service.reachable ? 'Reachable' : 'Not reachable';
}

const checkedTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/**
 * Admins only: what each outside service runs on, the settings that connect it (names only; values
 * stay on the server) and whether it answers now.
 */
export function ServicesSection() {
  const services = useAdminServices();
  return (
    <section aria-labelledby="admin-services-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-services-title" className="text-xl font-semibold tracking-tight">
            Services
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            What the tools run on. Set the named settings in the server’s environment and restart it to connect a service; values
            are never shown here.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void services.refetch()} disabled={services.isFetching}>
          {services.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />} Check again
        </Button>
      </div>

      {services.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Checking services…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : services.isError ? (
        <LoadFailed message="Could not check the services. Please try again." onRetry={() => void services.refetch()} />
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Services" aria-busy={services.isFetching}>
            {services.data.services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Checked at {checkedTime.format(new Date(services.data.checkedAt))}</p>
        </>
      )}
    </section>
  );
}

function ServiceCard({ service }: { service: ServiceStatus }) {
  const label = reachabilityLabel(service);
  const Icon = service.reachable === null ? CircleMinus : service.reachable ? CircleCheck : CircleX;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" data-testid={`service-${service.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{service.name}</h3>
          <p className="text-sm text-muted-foreground">{service.purpose}</p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={service.configured ? 'soft' : 'outline'}>{service.configured ? 'Configured' : 'Not configured'}</Badge>
          <span
            className={cn(
              'inline-flex items-center gap-1 text-xs font-semibold',
              service.reachable === false ? 'text-destructive-text' : service.reachable ? 'text-foreground' : 'text-muted-foreground',
            )}
            data-testid="service-reachability"
          >
            <Icon aria-hidden="true" className={cn('size-4', service.reachable && 'text-success')} />
            {label}
          </span>
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">In use</dt>
        <dd className="min-w-0 break-words font-medium">{service.engine}</dd>
        <dt className="text-muted-foreground">Check</dt>
        <dd className="min-w-0 break-words">{service.detail}</dd>
        <dt className="text-muted-foreground">Settings</dt>
        <dd className="min-w-0">
          <ul className="grid gap-1">
            {service.settings.map((setting) => (
              <li key={setting.name} className="flex flex-wrap items-baseline gap-x-2">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{setting.name}</code>
                <span className={cn('text-xs', setting.set ? 'text-foreground' : 'text-muted-foreground')}>{setting.set ? 'set' : 'not set'}</span>
                <span className="text-xs text-muted-foreground">— {setting.purpose}</span>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </Card>
  );
}
