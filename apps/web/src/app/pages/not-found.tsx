import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * What an unknown address shows: the home page, with the address replaced (docs/product.md,
 * Product decisions). Screens that must not reveal themselves (the admin screen) show the same.
 */
export function NotFound() {
  return <Navigate to={paths.home} replace />;
}
