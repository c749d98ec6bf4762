import { Crown, Shield } from 'lucide-react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@members-only/shared/payouts';
import { formatBytes } from '@members-only/shared/tracks';
import { formatDate, formatDuration } from '@/lib/utils';
import { useAdminUser, useChangeUser } from '../api/admin-lists';
import { PlanBadge } from './admin-tabs';

/**
 * One artist at a glance: contact, plan, counts and latest uploads, with the buttons to grant or
 * revoke membership and admin rights (each change lands in the audit log).
 */
export function UserDetailDialog({ userId, currentUserId, onClose }: { userId: number | null; currentUserId: number | undefined; onClose: () => void }) {
  const detail = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {detail.isPending ? (
          <div role="status" className="grid gap-3">
            <DialogTitle>Loading artist…</DialogTitle>
            <Skeleton className="h-24" />
          </div>
        ) : detail.isError ? (
          <>
            <DialogTitle>Artist</DialogTitle>
            <LoadFailed message="Could not load this artist. Please try again." onRetry={() => void detail.refetch()} />
          </>
        ) : (
          <UserDetail detail={detail.data} isSelf={detail.data.user.id === currentUserId} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserDetail({ detail, isSelf }: { detail: NonNullable<ReturnType<typeof useAdminUser>['data']>; isSelf: boolean }) {
  const { user, counts, recentTracks, balances, storage } = detail;
  const change = useChangeUser(user.id);
  const apply = (patch: { isAdmin?: boolean; isPremium?: boolean }, done: string) =>
    change.mutate(patch, {
      onSuccess: () => toast({ title: 'Saved', description: done }),
      onError: (error) => toast({ title: 'Could not save', description: errorMessage(error), variant: 'destructive' }),
    });
  const premiumByGrant = user.isPremium;
  const paidMember = ['active', 'canceling', 'past_due'].includes(user.membershipStatus);

  return (
    <div className="grid gap-5">
      <div>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {user.username} <PlanBadge user={user} />
        </DialogTitle>
        <DialogDescription className="mt-1 break-all">
          {user.email}
          {user.phoneNumber ? ` · ${user.phoneNumber}` : ''} · joined {formatDate(user.createdAt)}
        </DialogDescription>
      </div>

      <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-5">
        {[
          ['Tracks', counts.tracks],
          ['Lyrics', counts.lyrics],
          ['Conversations', counts.conversations],
          ['Cover arts', counts.coverArts],
          ['Beats', counts.beats],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-muted/50 px-1 py-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <p className="text-sm">
        <span className="font-semibold">Earnings balance: </span>
        <span className="text-muted-foreground">
          {balances.length === 0 ? 'Nothing recorded' : balances.map((b) => formatMoney(b.balanceMinor, b.currency)).join(' · ')}
        </span>
      </p>

      <p className="text-sm">
        <span className="font-semibold">Storage: </span>
        <span className="text-muted-foreground tabular-nums">
          {formatBytes(storage.usedBytes)} of {formatBytes(storage.limitBytes)} used
        </span>
      </p>

      <p className="text-sm">
        <span className="font-semibold">Payout methods: </span>
        <span className="text-muted-foreground">{user.hasPaymentMethod ? user.paymentMethods : 'None'}</span>
      </p>

      <section aria-label="Rights and membership" className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant={premiumByGrant ? 'outline' : 'default'}
            disabled={change.isPending}
            onClick={() => apply({ isPremium: !premiumByGrant }, premiumByGrant ? `${user.username} no longer has Premium.` : `${user.username} now has Premium.`)}
          >
            {change.isPending ? <Spinner /> : <Crown aria-hidden="true" />} {premiumByGrant ? 'Revoke Premium' : 'Grant Premium'}
          </Button>
          <Button
            variant="outline"
            disabled={change.isPending || (isSelf && user.isAdmin)}
            onClick={() => apply({ isAdmin: !user.isAdmin }, user.isAdmin ? `${user.username} is no longer an admin.` : `${user.username} is now an admin.`)}
          >
            <Shield aria-hidden="true" /> {user.isAdmin ? 'Remove admin' : 'Make admin'}
          </Button>
        </div>
        {paidMember ? <p className="text-xs text-muted-foreground">This artist also has a paid membership; it runs on its own terms.</p> : null}
        {isSelf && user.isAdmin ? <p className="text-xs text-muted-foreground">You cannot remove your own admin rights.</p> : null}
      </section>

      <section aria-labelledby="detail-tracks" className="grid gap-2">
        <h3 id="detail-tracks" className="text-sm font-semibold">
          Latest tracks
        </h3>
        {recentTracks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tracks found</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {recentTracks.map((track) => (
              <li key={track.id} className="flex items-baseline justify-between gap-3">
                <a
                  href={track.audioUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="min-w-0 truncate font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {track.originalName}
                </a>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {track.duration === null ? '—' : formatDuration(track.duration)} · {formatDate(track.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
