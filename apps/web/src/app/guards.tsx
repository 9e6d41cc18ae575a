import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';

/** Logged-in routes: a visitor goes to /login (docs/product.md, Screens). */
export function RequireAuth() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Login and register: a logged-in student goes to /dashboard. */
export function RequireGuest() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
