import { Link } from 'react-router';
import { useUser } from '@/features/auth/api/get-user';
import { PayoutsPage } from '@/features/payouts/pages/payouts-page';

/** Composes Payouts with the session: signed out, the page shows 'Authentication Required' (spec §2). Links the split sheets under the earnings. */
export function PayoutsRoute() {
  const { user } = useUser();
  return (
    <PayoutsPage
      signedIn={user !== null}
      earningsFooter={
        <Link to="/splits" className="font-medium text-primary underline-offset-4 hover:underline">
          Split sheets you’re on
        </Link>
      }
    />
  );
}
