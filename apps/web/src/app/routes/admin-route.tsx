import { useUser } from '@/features/auth/api/get-user';
import { AdminPage } from '@/features/admin/pages/admin-page';

/** Composes the admin dashboard with the signed-in admin (who cannot remove their own rights). */
export function AdminRoute() {
  const { user } = useUser();
  return <AdminPage currentUserId={user?.id} />;
}
