import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/api/logout';

/** The navbar's Log out button; loaded only once someone is logged in. */
export default function LogoutNavItem() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <li>
      <button
        type="button"
        className="nav-link nav-link--button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        {t('nav.logout')}
      </button>
    </li>
  );
}
