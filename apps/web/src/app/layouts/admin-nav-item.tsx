import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';

/**
 * The Admin link, for a logged-in admin. The role comes with the session: the server reads it
 * from the database at the login and at every refresh, so a page load asks for nothing more.
 * The link is only a shortcut: the server checks the role on every admin call.
 */
export function AdminNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user?.role !== 'Admin') return null;
  return (
    <li>
      <NavLink
        to={paths.admin}
        className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
        onClick={onNavigate}
      >
        {t('admin.nav')}
      </NavLink>
    </li>
  );
}
