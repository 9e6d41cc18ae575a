import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { loadPage } from '@/lib/page-load';
import { clearSession, getSession, startSession } from '@/lib/session';
import { loadAppAt, testSite as site } from '@/testing/app';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import ProfilePage from './profile-page';

// jsdom cannot load a new page: record where the app goes, and load it below by hand.
vi.mock('@/lib/page-load', () => ({ loadPage: vi.fn() }));

const user = testUser();
describe('the profile page, Your data', () => {
  beforeEach(() => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/account/delete' && init?.method === 'POST')
          return jsonResponse({ message: 'Your account and all its data are deleted.' });
        if (url === '/api/site') return jsonResponse(site);
        return jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(loadPage).mockReset();
    clearSession();
  });

  it('comes right after the calendar feed', () => {
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf('Your data')).toBe(titles.indexOf('Your calendar in other apps') + 1);
  });

  it('deletes the account, ends the session and opens login with the notice', async () => {
    const u = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    await u.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await u.type(within(dialog).getByLabelText(/^Your password/), 'secret-pass');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login?notice=accountDeleted'));
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(getSession().isLoggedIn).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();

    // The new page: logged out, on login, saying what happened.
    cleanup();
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
    const router = loadAppAt('/login?notice=accountDeleted');
    expect(
      (await screen.findByText('Your account and all its data are deleted.')).getAttribute('role'),
    ).toBe('status');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows no notice on a plain login', async () => {
    clearSession();
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
    loadAppAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(screen.queryByText('Your account and all its data are deleted.')).toBeNull();
  });
});
