import type { ActiveSession } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { SessionsList } from './sessions-list';

const current: ActiveSession = {
  browser: 'Chrome',
  os: 'Linux',
  createdAt: '2025-03-01T09:00:00.000Z',
  lastUsedAt: '2025-03-01T10:30:00.000Z',
  current: true,
};
const phone: ActiveSession = {
  browser: 'Safari',
  os: 'iOS',
  createdAt: '2025-02-20T18:00:00.000Z',
  lastUsedAt: '2025-02-28T07:15:00.000Z',
  current: false,
};
const unknown: ActiveSession = { ...phone, browser: null, os: null };

/** A fake server for the two session endpoints; it records every call. */
function fakeServer(initial: ActiveSession[], { failList = false } = {}) {
  let sessions = initial;
  const calls: { method: string; url: string; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, headers: new Headers(init?.headers) });
    if (method === 'GET' && url === '/user/sessions') {
      if (failList) return jsonResponse({ message: 'Boom', code: 'internal_error' }, 500);
      return jsonResponse(sessions);
    }
    if (method === 'POST' && url === '/user/sessions/revoke-others') {
      const revoked = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ revoked });
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('SessionsList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each session with a readable device and marks this device', async () => {
    fakeServer([current, phone, unknown]);
    renderWithProviders(<SessionsList />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Chrome on Linux');
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(items[1]?.textContent).toContain('Safari on iOS');
    expect(within(items[1] as HTMLElement).queryByText('This device')).toBeNull();
    expect(items[2]?.textContent).toContain('Unknown device');
    const times = (items[1] as HTMLElement).querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('dateTime'))).toEqual([
      phone.createdAt,
      phone.lastUsedAt,
    ]);
    // Short date and 24-hour time, in the test machine's zone.
    expect(items[1]?.textContent).toMatch(
      /Logged in: Feb \d+, 2025, \d\d:\d\d · Last active: Feb \d+, 2025, \d\d:\d\d$/,
    );
  });

  it('logs out everywhere else with the CSRF header, then shows only this device', async () => {
    const user = userEvent.setup();
    setXsrfCookie('xsrf-1');
    const calls = fakeServer([current, phone]);
    renderWithProviders(<SessionsList />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByText('You are now logged out on every other device.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/user/sessions/revoke-others');
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(
      (screen.getByRole('button', { name: 'Log out everywhere else' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('disables the button when this is the only session', async () => {
    fakeServer([current]);
    renderWithProviders(<SessionsList />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Log out everywhere else' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the list cannot be loaded', async () => {
    fakeServer([], { failList: true });
    renderWithProviders(<SessionsList />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your sessions could not be loaded.',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});
