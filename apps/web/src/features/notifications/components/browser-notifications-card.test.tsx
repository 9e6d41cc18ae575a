import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BrowserNotificationsCard } from './browser-notifications-card';

/** The browser's Notification API with a permission the test sets and a prompt it answers. */
function fakeNotificationApi(permission: NotificationPermission, answer: NotificationPermission) {
  const api = {
    permission,
    requestPermission: vi.fn(async () => {
      api.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal(
    'Notification',
    Object.assign(() => undefined, api),
  );
  return api;
}

const enable = { name: 'Show reminders as browser notifications' };

describe('BrowserNotificationsCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser for permission and says when it was given', async () => {
    const user = userEvent.setup();
    const api = fakeNotificationApi('default', 'granted');
    renderWithProviders(<BrowserNotificationsCard />);
    expect(screen.getByRole('heading', { name: 'Browser notifications' })).toBeTruthy();
    await user.click(screen.getByRole('button', enable));
    expect(api.requestPermission).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Browser notifications are on in this browser.',
    );
    expect(screen.queryByRole('button', enable)).toBeNull();
  });

  it('says the browser blocks them, and how to allow them, when permission was refused', async () => {
    const user = userEvent.setup();
    fakeNotificationApi('default', 'denied');
    renderWithProviders(<BrowserNotificationsCard />);
    await user.click(screen.getByRole('button', enable));
    const status = await screen.findByRole('status');
    await vi.waitFor(() =>
      expect(status.textContent).toContain('This browser blocks notifications from StudyBuddy.'),
    );
    expect(status.textContent).toContain('allow notifications, then reload the page');
  });

  it('shows the state the browser already has, without the button', () => {
    fakeNotificationApi('granted', 'granted');
    renderWithProviders(<BrowserNotificationsCard />);
    expect(screen.getByRole('status').textContent).toBe(
      'Browser notifications are on in this browser.',
    );
    expect(screen.queryByRole('button', enable)).toBeNull();
  });

  it('is not offered where the browser has no Notification API', () => {
    vi.stubGlobal('Notification', undefined);
    const { container } = renderWithProviders(<BrowserNotificationsCard />);
    expect(container.textContent).toBe('');
  });
});
