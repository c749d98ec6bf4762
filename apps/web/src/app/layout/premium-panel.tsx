import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A compact, honest upgrade prompt for Free users. */
export function PremiumPanel() {
  return (
    <section aria-labelledby="premium-panel-title" className="rounded-xl border border-border bg-card p-3">
      <h2 id="premium-panel-title" className="flex items-center gap-2 text-sm font-semibold">
        <Crown aria-hidden="true" className="size-4 text-primary" /> Premium
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">
        Members get higher generation limits for beats, cover art, reviews and marketing plans.
      </p>
      <Link to="/invitation" className={cn(buttonVariants({ size: 'sm' }), 'mt-3 w-full')}>
        Upgrade Now
      </Link>
    </section>
  );
}
