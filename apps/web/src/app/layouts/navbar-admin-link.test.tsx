import type { Profile } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileKeys } from '@/features/profile/api/keys';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { Navbar } from './navbar';

const user = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  name: 'Ada L',
  role: 'Student' as const,
};
const profile = (isAdmin: boolean): Profile => ({
  username: 'ada',
  firstName: 'Ada',
  lastName: 'L',
  email: 'ada@example.com',
  notifyOnLesson: false,
  reminderLeadMinutes: 30,
  weekStartsOn: 'sunday',
  isAdmin,
});

/** Answers the profile with `isAdmin`, anything else (the bell, say) with an empty list. */
function stubProfile(isAdmin: boolean) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/user/profile') return jsonResponse(profile(isAdmin));
      return jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
    }),
  );
  return urls;
}

describe('the navbar Admin link', () => {
  // The navbar loads the link on demand: loaded once ahead, each test times the link itself.
  beforeAll(async () => {
    await import('./admin-nav-item');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('is shown to an admin, leading to /admin', async () => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    stubProfile(true);
    renderWithProviders(<Navbar />, { route: '/dashboard' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(main).findByRole('link', { name: 'Admin' });
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('is not shown to a student who is not an admin', async () => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    stubProfile(false);
    const { client } = renderWithProviders(<Navbar />, { route: '/dashboard' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(client.getQueryData(profileKeys.mine())).toBeTruthy());
    expect(within(main).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(main).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('is not shown, nor the profile asked for, when nobody is logged in', () => {
    const urls = stubProfile(true);
    renderWithProviders(<Navbar />, { route: '/about' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(urls).not.toContain('/user/profile');
  });
});
