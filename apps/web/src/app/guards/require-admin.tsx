import { Navigate, Outlet } from 'react-router';
import { useUser } from '@/features/auth/api/get-user';

/** Display-only check: the server answers 403 on /api/admin/* for everyone else (amendment C3). */
export function RequireAdmin() {
  const { user } = useUser();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
