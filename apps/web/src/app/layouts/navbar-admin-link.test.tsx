import type { CurrentUser } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { Navbar } from './navbar';

const user = (role: CurrentUser['role']): CurrentUser =>
  testUser({ username: 'ada', email: 'ada@example.com', name: 'Ada L', role });

/** Records every call; answers each (the bell's, say) with an empty list. */
function stubFetch() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return jsonResponse([]);
    }),
  );
  return urls;
}

describe('the navbar Admin link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('is shown to an admin, leading to /admin, without asking for the profile', () => {
    startSession({ accessToken: 'a', token: 'a', expiresIn: 900, user: user('Admin') });
    const urls = stubFetch();
    renderWithProviders(<Navbar />, { route: '/dashboard' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const link = within(main).getByRole('link', { name: 'Admin' });
    expect(link.getAttribute('href')).toBe('/admin');
    expect(urls).not.toContain('/user/profile');
  });

  it('is not shown to a student who is not an admin', () => {
    startSession({ accessToken: 'a', token: 'a', expiresIn: 900, user: user('Student') });
    stubFetch();
    renderWithProviders(<Navbar />, { route: '/dashboard' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(main).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('is not shown when nobody is logged in', () => {
    stubFetch();
    renderWithProviders(<Navbar />, { route: '/about' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
