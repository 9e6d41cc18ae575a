import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAccessToken, getSession, startSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { AccountDataCard } from './account-data-card';

const user = testUser();
const EXPORT = JSON.stringify({ format: 'studybuddy-export', version: 1, plans: [] });

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** Stubs fetch with one answer per call and records each request. */
function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** jsdom has no object URLs: fake them, and catch the link the download clicks. */
function stubSaving() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:studybuddy/1');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return { createObjectURL, revokeObjectURL, clicked };
}

/** Opens the delete dialog from the card and returns it. */
async function openDeleteDialog(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

describe('AccountDataCard', () => {
  beforeEach(() =>
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user }),
  );
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it("downloads the export with the bearer token and saves it under the server's name", async () => {
    const u = userEvent.setup();
    const calls = stubFetch(
      () =>
        new Response(EXPORT, {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="studybuddy-export-2026-11-25.json"',
          },
        }),
    );
    const { createObjectURL, revokeObjectURL, clicked } = stubSaving();
    renderWithProviders(<AccountDataCard onDeleted={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:studybuddy/1'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/account/export');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(EXPORT);
    expect(clicked).toEqual([
      { href: 'blob:studybuddy/1', download: 'studybuddy-export-2026-11-25.json' },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(await screen.findByText('Saved as studybuddy-export-2026-11-25.json.')).toBeTruthy();
  });

  it('names the file by the day when the server gives no name', async () => {
    const u = userEvent.setup();
    stubFetch(() => new Response(EXPORT, { headers: { 'Content-Type': 'application/json' } }));
    const { revokeObjectURL, clicked } = stubSaving();
    renderWithProviders(<AccountDataCard onDeleted={vi.fn()} />);
    await u.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalled());
    expect(clicked[0]?.download).toMatch(/^studybuddy-export-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it('explains the deletion and asks for the password before sending anything', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'x' }));
    const onDeleted = vi.fn();
    renderWithProviders(<AccountDataCard onDeleted={onDeleted} />);
    const dialog = await openDeleteDialog(u);
    expect(dialog.textContent).toContain('Your account and all its data are deleted at once');
    expect(dialog.textContent).toContain('This cannot be undone.');
    const password = within(dialog).getByLabelText(/^Your password/);
    expect(document.activeElement).toBe(password);
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    expect(onDeleted).not.toHaveBeenCalled();
    // Cancel closes it, and the account stays.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getSession().isLoggedIn).toBe(true);
  });

  it("shows the server's error on the password field when the password is wrong", async () => {
    const u = userEvent.setup();
    setXsrfCookie();
    stubFetch(() =>
      jsonResponse(
        {
          message: 'The current password is wrong.',
          code: 'wrong_password',
          details: [{ path: 'password', message: 'The current password is wrong.' }],
        },
        400,
      ),
    );
    const onDeleted = vi.fn();
    renderWithProviders(<AccountDataCard onDeleted={onDeleted} />);
    const dialog = await openDeleteDialog(u);
    const password = within(dialog).getByLabelText(/^Your password/);
    await u.type(password, 'not-my-password');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The current password is wrong.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(getSession().isLoggedIn).toBe(true);
    expect(getAccessToken()).toBe('access-1');
  });

  it('says so above the form when deleting is throttled', async () => {
    const u = userEvent.setup();
    setXsrfCookie();
    stubFetch(() =>
      jsonResponse(
        { message: 'Too many attempts. Please wait a moment and try again.', code: 'rate_limited' },
        429,
      ),
    );
    renderWithProviders(<AccountDataCard onDeleted={vi.fn()} />);
    const dialog = await openDeleteDialog(u);
    await u.type(within(dialog).getByLabelText(/^Your password/), 'secret-pass');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(getSession().isLoggedIn).toBe(true);
  });

  it('deletes with the password, ends the session here and hands over to onDeleted', async () => {
    const u = userEvent.setup();
    setXsrfCookie();
    const calls = stubFetch(() =>
      jsonResponse({ message: 'Your account and all its data are deleted.' }),
    );
    // What onDeleted finds: the session already over, as after logout.
    const seen: unknown[] = [];
    const onDeleted = vi.fn(() => seen.push(getSession()));
    const { client } = renderWithProviders(<AccountDataCard onDeleted={onDeleted} />);
    client.setQueryData(['profile', 'mine'], { firstName: 'Ana' });
    const dialog = await openDeleteDialog(u);
    await u.type(within(dialog).getByLabelText(/^Your password/), 'secret-pass');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ isLoggedIn: false, user: null }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/account/delete');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ password: 'secret-pass' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('test-token');
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('loggedIn')).toBeNull();
    expect(window.sessionStorage.getItem('currentUser')).toBeNull();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
