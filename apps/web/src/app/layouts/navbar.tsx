import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { focusableIn, useFocusTrap } from '@/hooks/use-focus-trap';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSession } from '@/hooks/use-session';
import { AdminNavItem } from './admin-nav-item';
import './navbar.css';

// Only a logged-in student can log out.
const LogoutNavItem = lazy(() => import('./logout-nav-item'));
// Only a logged-in student has notifications: a visitor's first screen never loads their code.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const UnreadMenuHint = lazy(() =>
  import('@/features/notifications/components/unread-menu-hint').then((m) => ({
    default: m.UnreadMenuHint,
  })),
);

interface NavItem {
  to: string;
  labelKey: string;
}

/** The navbar (docs/product.md, Screens). */
const loggedInItems: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard' },
  { to: paths.calendar, labelKey: 'nav.calendar' },
  { to: paths.studyPlanList, labelKey: 'nav.studyPlans' },
  { to: paths.profile, labelKey: 'nav.profile' },
  { to: paths.blog, labelKey: 'nav.blog' },
  { to: paths.services, labelKey: 'nav.services' },
];
const loggedOutItems: NavItem[] = [
  { to: paths.about, labelKey: 'nav.about' },
  { to: paths.blog, labelKey: 'nav.blog' },
  { to: paths.contact, labelKey: 'nav.contact' },
  { to: paths.services, labelKey: 'nav.services' },
  { to: paths.login, labelKey: 'nav.login' },
  { to: paths.register, labelKey: 'nav.register' },
];

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const items = isLoggedIn ? loggedInItems : loggedOutItems;
  return (
    <ul className="nav-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
            onClick={onNavigate}
          >
            {t(item.labelKey)}
          </NavLink>
        </li>
      ))}
      {isLoggedIn ? (
        <>
          <AdminNavItem onNavigate={onNavigate} />
          <Suspense fallback={null}>
            <LogoutNavItem />
          </Suspense>
        </>
      ) : null}
    </ul>
  );
}

/** Where the bar gives way to the hamburger; the same width as in navbar.css. */
const MENU_QUERY = '(max-width: 900px)';

/**
 * Top bar with the logo, the links and the language switch; at 900px or less a hamburger opens
 * a slide-in menu with both. The switch is rendered in one place only, so a page never has two
 * controls named "Language".
 */
export function Navbar() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const collapsed = useMediaQuery(MENU_QUERY);

  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);
  useFocusTrap(panel, open, close);

  // Moving to another screen closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open || !panel.current) return;
    focusableIn(panel.current)[0]?.focus();
  }, [open]);

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link
          to={isLoggedIn ? paths.dashboard : paths.home}
          className="navbar__logo"
          aria-label={t('nav.logo')}
        >
          <OctopusMascot className="navbar__mascot" />
          <span className="navbar__brand">StudyBuddy</span>
        </Link>
        <nav className="navbar__desktop" aria-label={t('nav.main')}>
          <NavItems />
        </nav>
        {isLoggedIn && !collapsed ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        {collapsed ? null : <LanguageSelect className="navbar__language" />}
        <button
          ref={menuButton}
          type="button"
          className="navbar__menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="navbar__burger" aria-hidden="true" />
          <span className="visually-hidden">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          {isLoggedIn && collapsed && !open ? (
            <Suspense fallback={null}>
              <UnreadMenuHint />
            </Suspense>
          ) : null}
        </button>
      </div>
      <div
        className={
          open ? 'mobile-menu__backdrop mobile-menu__backdrop--open' : 'mobile-menu__backdrop'
        }
        aria-hidden="true"
        onClick={close}
      />
      <div
        ref={panel}
        id={menuId}
        className={open ? 'mobile-menu mobile-menu--open' : 'mobile-menu'}
        role="dialog"
        aria-modal={open ? true : undefined}
        aria-label={t('nav.menu')}
        inert={!open}
      >
        <div className="mobile-menu__header">
          <span className="mobile-menu__title">{t('nav.menu')}</span>
          <button type="button" className="mobile-menu__close" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('nav.closeMenu')}</span>
          </button>
        </div>
        {isLoggedIn && collapsed ? (
          <Suspense fallback={null}>
            <NotificationBell placement="menu" onNavigate={() => setOpen(false)} />
          </Suspense>
        ) : null}
        <nav aria-label={t('nav.mobile')}>
          <NavItems onNavigate={() => setOpen(false)} />
        </nav>
        {collapsed ? <LanguageSelect className="mobile-menu__language" showLabel /> : null}
      </div>
    </header>
  );
}
