import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A compact, honest upgrade prompt for Free users. It yields to the conversation lists: one row
 * below 960 px of height, the full card on tall screens; the sidebar leaves it out below 860 px.
 */
export function PremiumPanel() {
  return (
    <section
      aria-labelledby="premium-panel-title"
      className="flex items-center gap-2 rounded-xl border border-border bg-card py-2 pl-3 pr-2 tall:block tall:p-3"
    >
      <h2 id="premium-panel-title" className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold">
        <Crown aria-hidden="true" className="size-4 shrink-0 text-primary" /> Premium
      </h2>
      <p className="mt-1 hidden text-xs text-muted-foreground tall:block">
        Members get higher generation limits for beats, cover art, reviews and marketing plans.
      </p>
      <Link to="/invitation" className={cn(buttonVariants({ size: 'sm' }), 'tall:mt-3 tall:w-full')}>
        Upgrade Now
      </Link>
    </section>
  );
}
