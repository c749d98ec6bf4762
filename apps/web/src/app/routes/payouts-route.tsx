import { useUser } from '@/features/auth/api/get-user';
import { PayoutsPage } from '@/features/payouts/pages/payouts-page';

/** Composes Payouts with the session: signed out, the page shows 'Authentication Required' (spec §2). */
export function PayoutsRoute() {
  const { user } = useUser();
  return <PayoutsPage signedIn={user !== null} />;
}
