import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { profileQueryOptions } from '@/features/profile/api/get-profile';

/**
 * The Admin link, for a logged-in student whose profile (the same cached query as the profile
 * screen) says they are an admin. The link is only a shortcut: the server checks the role on
 * every admin call. Loaded only once someone is logged in, so a visitor's first screen does not
 * carry the profile's contracts.
 */
export default function AdminNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions());
  if (profile.data?.isAdmin !== true) return null;
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
