import type { SiteConfig } from '@studybuddy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { getSession } from '@/lib/session';
import { loadAppAt, testSite } from '@/testing/app';
import { jsonResponse } from '@/testing/render';

const baseSite: SiteConfig = { ...testSite, schoolSignIn: { label: null } };

const linked = {
  accessToken: 'a.b.c',
  token: 'a.b.c',
  expiresIn: 900,
  user: {
    id: 7,
    username: 'ana',
    email: 'ana@school.example',
    name: 'Ana Lee',
    role: 'Student',
    language: 'en',
    timeZone: 'UTC',
  },
};

/** The server: /api/site as given, the pending link, and the link itself. */
function serve(site: SiteConfig) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (url === '/api/site') return jsonResponse(site);
      if (url === '/api/auth/oidc/link' && init?.method === 'POST') {
        const { password } = JSON.parse(String(init.body));
        return password === 'right one'
          ? jsonResponse(linked)
          : jsonResponse({ message: 'The password is wrong.', code: 'wrong_password' }, 400);
      }
      if (url === '/api/auth/oidc/link') return jsonResponse({ email: 'ana@school.example' });
      return jsonResponse({ message: 'No', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

describe('school sign-in on the login, register and reset pages', () => {
  beforeAll(async () => {
    await Promise.all([import('./pages/login-page'), import('./pages/register-page')]);
  });
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true'));
  afterEach(() => vi.unstubAllGlobals());

  it("offers the school's button beside the password form, in the admin's words", async () => {
    serve({ ...baseSite, schoolSignIn: { label: 'Sign in with Hogwarts' } });
    loadAppAt('/login');
    const button = await screen.findByRole('link', { name: 'Sign in with Hogwarts' });
    // A page load through the server, not a client route.
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/login');
    expect(screen.getByText('or')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
  });

  it('says why a school sign-in came back refused', async () => {
    serve(baseSite);
    loadAppAt('/login?signInError=domain_not_allowed');
    expect(
      await screen.findByText(
        'This server admits the accounts of its own school only. Sign in with your school account, not a personal one.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'Sign in with your school account' }),
    ).toBeTruthy();
  });

  it('with password sign-in off, shows only the school button, and no registration', async () => {
    serve({ ...baseSite, passwordLogin: false });
    loadAppAt('/login');
    await screen.findByRole('link', { name: 'Sign in with your school account' });
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('with password sign-in off, the register page sends students to the school', async () => {
    serve({ ...baseSite, passwordLogin: false });
    loadAppAt('/register');
    expect(
      await screen.findByText(
        'Accounts on this server come from your school: sign in with your school account and yours is made.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
  });

  it("links the school account with the existing account's password, then opens the dashboard", async () => {
    const user = userEvent.setup();
    const calls = serve(baseSite);
    const router = loadAppAt('/login?linkSchoolAccount=1');
    await screen.findByText(/has the e-mail of the StudyBuddy account ana@school\.example/);
    const password = screen.getByLabelText(/^Password of your StudyBuddy account/);
    await user.type(password, 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('The password is wrong.')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'right one');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession().user?.email).toBe('ana@school.example');
    expect(calls.filter((c) => c.url === '/api/auth/oidc/link' && c.body)).toEqual([
      { url: '/api/auth/oidc/link', body: { password: 'wrong one' } },
      { url: '/api/auth/oidc/link', body: { password: 'right one' } },
    ]);
  });
});
