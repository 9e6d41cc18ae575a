import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { Navbar } from './navbar';

const user = testUser();

const unreadOne = {
  items: [
    {
      id: 1,
      kind: 'session-reminder',
      read: false,
      createdAt: '2026-11-25T17:30:00.000Z',
      data: {
        sessionId: 9,
        planId: 7,
        topicId: 42,
        title: 'Study',
        subjectName: 'Physics',
        topicName: 'Optics',
        startsAt: '2026-11-25T18:00:00.000Z',
      },
    },
  ],
  unread: 1,
};

function stubWindowWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function signIn() {
  startSession({ accessToken: 'a', token: 'a', expiresIn: 900, user });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/notifications'
        ? jsonResponse(unreadOne)
        : jsonResponse({ message: 'No', code: 'x' }, 404),
    ),
  );
}

describe('the navbar bell', () => {
  // The navbar loads the bell on demand: loaded once ahead, each test times the bell itself.
  beforeAll(async () => {
    await import('@/features/notifications/components/notification-bell');
    await import('@/features/notifications/components/unread-menu-hint');
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('is not there for a visitor who is signed out', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Navbar />);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sits in the bar for a signed-in student', async () => {
    stubWindowWidth(false);
    signIn();
    renderWithProviders(<Navbar />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Notifications/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /unread notification/ })).toBeNull();
  });

  it('moves into the slide-in menu on a narrow screen, where Escape closes only its panel', async () => {
    stubWindowWidth(true);
    signIn();
    const u = userEvent.setup();
    renderWithProviders(<Navbar />);
    // The bell is in the closed menu: the hamburger carries the unread count meanwhile.
    await u.click(await screen.findByRole('button', { name: 'Open menu, 1 unread notification' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const bell = await within(menu).findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getAllByRole('button', { name: /^Notifications/ })).toHaveLength(1);
    await u.click(bell);
    const panel = within(menu).getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /Physics — Optics/ })).toBeTruthy();
    await u.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
    expect(menu.className).toContain('mobile-menu--open');
    expect(document.activeElement).toBe(bell);
  });
});
