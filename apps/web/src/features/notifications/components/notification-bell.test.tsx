import type { Notification, NotificationList } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { NotificationBell } from './notification-bell';

/** A reminder starting at a local wall-clock time, so the test reads the same in any zone. */
function reminder(
  id: number,
  read: boolean,
  start: Date,
  topic: { id: number; name: string } | null,
): Notification {
  return {
    id,
    kind: 'session-reminder',
    read,
    createdAt: new Date(start.getTime() - 30 * 60_000).toISOString(),
    data: {
      sessionId: 100 + id,
      planId: 7,
      topicId: topic?.id ?? null,
      title: 'Study',
      subjectName: 'Physics',
      topicName: topic?.name ?? null,
      startsAt: start.toISOString(),
    },
  };
}

const newest = reminder(3, false, new Date(2026, 10, 25, 18, 0), { id: 42, name: 'Optics' });
const middle = reminder(2, false, new Date(2026, 10, 24, 9, 30), null);
const oldest = reminder(1, true, new Date(2026, 10, 23, 20, 15), { id: 41, name: 'Waves' });

/** A fake server for the bell's three endpoints; it records every call. */
function fakeServer(initial: Notification[]) {
  let items = initial;
  const list = (): NotificationList => ({ items, unread: items.filter((n) => !n.read).length });
  const calls: { method: string; url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, headers: new Headers(init?.headers) });
      if (method === 'GET' && url === '/api/notifications') return jsonResponse(list());
      if (method === 'POST' && url === '/api/notifications/read-all') {
        items = items.map((n) => ({ ...n, read: true }));
        return jsonResponse(list());
      }
      const one = /^\/api\/notifications\/(\d+)\/read$/.exec(url);
      if (method === 'POST' && one) {
        items = items.map((n) => (n.id === Number(one[1]) ? { ...n, read: true } : n));
        return jsonResponse(list());
      }
      return jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the unread count and shows it on a badge', async () => {
    fakeServer([newest, middle, oldest]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(bell.querySelector('.notification-bell__badge')?.textContent).toBe('2');
  });

  it('has no badge when everything is read', async () => {
    fakeServer([oldest]);
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(document.querySelector('.notification-bell__badge')).toBeNull();
  });

  it('lists the notifications newest first with their start time and links, unread ones marked', async () => {
    const user = userEvent.setup();
    fakeServer([newest, middle, oldest]);
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications, 2 unread');
    expect(
      screen.getByRole('button', { name: 'Notifications, 2 unread' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const links = within(panel).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'NewStudy session soon: Physics — OpticsStarts Nov 25, 2026, 18:00',
      'NewStudy session soon: PhysicsStarts Nov 24, 2026, 09:30',
      'Study session soon: Physics — WavesStarts Nov 23, 2026, 20:15',
    ]);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/topic/42/detail',
      '/calendar?view=day&date=2026-11-24',
      '/topic/41/detail',
    ]);
    expect(
      links.map((a) => a.closest('li')?.classList.contains('notification-item--unread')),
    ).toEqual([true, true, false]);
    expect(document.activeElement).toBe(links[0]);
  });

  it('names a clash a calendar read brought, and leads to the calendar at its week', async () => {
    const user = userEvent.setup();
    const start = new Date(2026, 10, 26, 14, 0);
    fakeServer([
      {
        id: 9,
        kind: 'busy-clash',
        read: false,
        createdAt: start.toISOString(),
        data: {
          calendarId: 4,
          calendarName: 'Uni timetable',
          count: 2,
          startsAt: start.toISOString(),
        },
      },
      oldest,
    ]);
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications, 1 unread');
    const link = within(panel).getAllByRole('link')[0] as HTMLElement;
    expect(link.textContent).toBe(
      'NewUni timetable now covers 2 study sessionsFrom Nov 26, 2026, 14:00: open the calendar to move them',
    );
    expect(link.getAttribute('href')).toBe('/calendar?view=week&date=2026-11-26');
  });

  it('names a class’s change by its first change, counts the others, and leads to the class', async () => {
    const user = userEvent.setup();
    const at = new Date(2026, 10, 27, 8, 5);
    fakeServer([
      {
        id: 10,
        kind: 'class-change',
        read: false,
        createdAt: at.toISOString(),
        data: {
          classId: 7,
          className: 'Chemistry 2B',
          changes: [
            { kind: 'exam-moved', exam: 'Finals', from: '2027-06-20', to: '2027-06-27' },
            { kind: 'topic-added', topic: 'Acids' },
            { kind: 'file-added', file: 'notes.pdf' },
          ],
        },
      },
      {
        id: 11,
        kind: 'class-change',
        read: true,
        createdAt: at.toISOString(),
        data: {
          classId: 8,
          className: 'History',
          changes: [{ kind: 'topic-removed', topic: 'Rome' }],
        },
      },
      oldest,
    ]);
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications, 1 unread');
    const [first, second] = within(panel).getAllByRole('link') as HTMLElement[];
    expect(first?.textContent).toBe(
      'NewChemistry 2B changed: Exam “Finals” moved from Jun 20, 2027 to Jun 27, 2027 (+2 more)Changed Nov 27, 2026, 08:05: open the class to update your plan',
    );
    expect(first?.getAttribute('href')).toBe('/classes/7');
    expect(first?.querySelector('time')?.getAttribute('dateTime')).toBe(at.toISOString());
    expect(second?.querySelector('.notification-item__title')?.textContent).toBe(
      'History changed: Topic “Rome” removed',
    );
    expect(second?.getAttribute('href')).toBe('/classes/8');
  });

  it('marks a notification read when it is followed, and closes the panel', async () => {
    const user = userEvent.setup();
    setXsrfCookie('xsrf-1');
    const calls = fakeServer([newest, middle, oldest]);
    const onNavigate = vi.fn();
    renderWithProviders(<NotificationBell onNavigate={onNavigate} />);
    const panel = await openPanel(user, 'Notifications, 2 unread');
    await user.click(within(panel).getAllByRole('link')[1] as HTMLElement);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/notifications/2/read']);
    expect(posts[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(panel.hidden).toBe(true);
  });

  it('does not ask the server again for one already read', async () => {
    const user = userEvent.setup();
    const calls = fakeServer([newest, oldest]);
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications, 1 unread');
    await user.click(within(panel).getAllByRole('link')[1] as HTMLElement);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('marks all as read', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const calls = fakeServer([newest, middle, oldest]);
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications, 2 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/notifications/read-all',
    ]);
    expect(within(panel).queryByText('New')).toBeNull();
    expect(
      (within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(document.activeElement).toBe(panel);
  });

  it('closes on Escape without letting a surrounding menu see the key, and gives focus back', async () => {
    const user = userEvent.setup();
    fakeServer([newest]);
    const menuKeys = vi.fn();
    const { container } = renderWithProviders(<NotificationBell placement="menu" />);
    container.addEventListener('keydown', menuKeys);
    const panel = await openPanel(user, 'Notifications, 1 unread');
    expect(panel.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
    expect(menuKeys).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Notifications, 1 unread' }),
    );
  });

  it('closes when the student clicks elsewhere', async () => {
    const user = userEvent.setup();
    fakeServer([newest]);
    renderWithProviders(
      <>
        <NotificationBell />
        <button type="button">Elsewhere</button>
      </>,
    );
    const panel = await openPanel(user, 'Notifications, 1 unread');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(panel.hidden).toBe(true);
  });

  it('says when there is nothing yet, and when the list cannot load', async () => {
    const user = userEvent.setup();
    fakeServer([]);
    const first = renderWithProviders(<NotificationBell />);
    const panel = await openPanel(user, 'Notifications');
    expect(within(panel).getByText(/^No notifications yet\./)).toBeTruthy();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Boom', code: 'internal_error' }, 500)),
    );
    renderWithProviders(<NotificationBell />);
    await waitFor(() =>
      expect(document.querySelector('.notification-panel')?.textContent).toContain(
        'Your notifications could not be loaded.',
      ),
    );
  });
});
