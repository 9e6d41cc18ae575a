import type { CalendarFeed } from '@studybuddy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST = `https://studybuddy.test/api/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `https://studybuddy.test/api/calendar/${'b'.repeat(43)}.ics`;

/** A fake server for GET, POST and DELETE /api/calendar-feed; it records every call. */
function fakeServer(initial: CalendarFeed) {
  let feed = initial;
  // Each POST hands out the next address the feed does not have yet.
  const urls = [FIRST, SECOND].filter((u) => u !== initial.url);
  const calls: { method: string; url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, headers: new Headers(init?.headers) });
      if (url !== '/api/calendar-feed') return jsonResponse({ message: 'x', code: 'x' }, 404);
      if (method === 'POST') {
        feed = { enabled: true, url: urls.shift() ?? null };
      }
      if (method === 'DELETE') feed = { enabled: false, url: null };
      return jsonResponse(feed);
    }),
  );
  return calls;
}

const off: CalendarFeed = { enabled: false, url: null };
const on: CalendarFeed = { enabled: true, url: FIRST };

function addressField() {
  return screen.getByRole('textbox', { name: 'Calendar address' }) as HTMLInputElement;
}

describe('CalendarFeedCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('explains the feed and turns it on, showing the address read-only', async () => {
    const user = userEvent.setup();
    setXsrfCookie('xsrf-1');
    const calls = fakeServer(off);
    renderWithProviders(<CalendarFeedCard />);
    expect(screen.getByRole('heading', { name: 'Your calendar in other apps' })).toBeTruthy();
    expect(screen.getByText(/Google Calendar, Apple Calendar or Thunderbird/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const field = await screen.findByRole('textbox', { name: 'Calendar address' });
    expect((field as HTMLInputElement).value).toBe(FIRST);
    expect((field as HTMLInputElement).readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('copies the address to the clipboard and says so politely', async () => {
    const user = userEvent.setup();
    fakeServer(on);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() => expect(status.textContent).toBe('Copied'));
  });

  it('selects the address and asks to copy it by hand when there is no clipboard', async () => {
    const user = userEvent.setup();
    fakeServer(on);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Select and copy the address'),
    );
    const field = addressField();
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FIRST.length]);
  });

  it('asks before making a new link, then shows the new address', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(on);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Make a new link' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('stops working at once'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(addressField().value).toBe(FIRST);

    confirm.mockReturnValue(true);
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    await vi.waitFor(() => expect(addressField().value).not.toBe(FIRST));
    expect(addressField().value).toBe(SECOND);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(
      'New link made. The old address no longer works.',
    );
  });

  it('turns the feed off', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(on);
    renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const turnOn = await screen.findByRole('button', { name: 'Turn on' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(turnOn);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/calendar-feed',
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Your calendar feed is off. Its address no longer works.',
    );
  });

  it('says so when the feed cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Boom', code: 'internal_error' }, 500)),
    );
    renderWithProviders(<CalendarFeedCard />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your calendar address could not be loaded.',
    );
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});
