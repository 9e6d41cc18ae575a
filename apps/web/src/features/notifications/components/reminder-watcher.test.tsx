import type { Notification as AppNotification, NotificationList } from '@studybuddy/contracts';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { notificationKeys } from '../api/keys';
import { ReminderWatcher } from './reminder-watcher';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: ((event: Event) => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

function reminder(id: number, topicId: number): AppNotification {
  return {
    id,
    kind: 'session-reminder',
    read: false,
    createdAt: '2026-11-25T17:30:00.000Z',
    data: {
      sessionId: 100 + id,
      planId: 7,
      topicId,
      title: 'Study',
      subjectName: 'Physics',
      topicName: 'Optics',
      startsAt: '2026-11-25T18:00:00.000Z',
    },
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('ReminderWatcher', () => {
  beforeEach(() => {
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    setXsrfCookie();
    startSession({
      accessToken: 'a',
      token: 'a',
      expiresIn: 900,
      // The server holds Greek; the app is in English, so the watcher tells the server.
      user: testUser({ language: 'el' }),
    });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells the server the locale, and turns a newly arrived reminder into a browser notification that opens its topic', async () => {
    let items = [reminder(1, 41)];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/account/locale') return jsonResponse({ message: 'Saved.' });
        if (url === '/api/notifications/2/read') items = items.map((n) => ({ ...n, read: true }));
        const list: NotificationList = { items, unread: items.filter((n) => !n.read).length };
        return jsonResponse(list);
      }),
    );
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const { client } = renderWithProviders(
      <>
        <ReminderWatcher />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { route: '/dashboard' },
    );
    await vi.waitFor(() => expect(client.getQueryData(notificationKeys.mine())).toBeDefined());
    await vi.waitFor(() => expect(calls).toContain('PUT /api/account/locale'));
    expect(FakeNotification.shown).toEqual([]);

    items = [reminder(2, 42), ...items];
    await act(() => client.refetchQueries({ queryKey: notificationKeys.mine() }));
    await vi.waitFor(() =>
      expect(FakeNotification.shown.map((n) => n.options.tag)).toEqual(['reminder-2']),
    );

    act(() => FakeNotification.shown[0]?.onclick?.(new Event('click', { cancelable: true })));
    expect(focus).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/topic/42/detail');
    await vi.waitFor(() => expect(calls).toContain('POST /api/notifications/2/read'));
  });
});
