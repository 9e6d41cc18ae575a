import type { Notification as AppNotification } from '@studybuddy/contracts';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { useBrowserReminders } from './use-browser-reminders';

/** The browser's Notification, recording what the page shows. */
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
  /** What the browser does when the student clicks the notification. */
  click() {
    this.onclick?.(new Event('click', { cancelable: true }));
  }
}

function reminder(id: number, read = false, topicName: string | null = 'Optics'): AppNotification {
  return {
    id,
    kind: 'session-reminder',
    read,
    createdAt: new Date(2026, 10, 25, 17, 30).toISOString(),
    data: {
      sessionId: 100 + id,
      planId: 7,
      topicId: topicName ? 42 : null,
      title: 'Study',
      subjectName: 'Physics',
      topicName,
      startsAt: new Date(2026, 10, 25, 18, 0).toISOString(),
    },
  };
}

function renderReminders(first: AppNotification[] | undefined) {
  const i18n = createTestI18n();
  const onOpen = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const hook = renderHook(({ items }) => useBrowserReminders(items, onOpen), {
    wrapper,
    initialProps: { items: first },
  });
  return { ...hook, onOpen };
}

describe('useBrowserReminders', () => {
  beforeEach(() => {
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing for the backlog of the first load', () => {
    const { rerender } = renderReminders(undefined);
    rerender({ items: [reminder(2), reminder(1)] });
    expect(FakeNotification.shown).toEqual([]);
  });

  it('shows each unread reminder that arrives later, once, with its tag', () => {
    const { rerender } = renderReminders([reminder(1)]);
    rerender({ items: [reminder(3), reminder(2, true), reminder(1)] });
    expect(FakeNotification.shown.map((n) => [n.title, n.options])).toEqual([
      [
        'Study session soon: Physics — Optics',
        { body: 'Starts Nov 25, 2026, 18:00', tag: 'reminder-3' },
      ],
    ]);
    rerender({ items: [reminder(3), reminder(2, true), reminder(1)] });
    rerender({ items: [reminder(4, false, null), reminder(3, true), reminder(1)] });
    expect(FakeNotification.shown.map((n) => n.options.tag)).toEqual(['reminder-3', 'reminder-4']);
    expect(FakeNotification.shown[1]?.title).toBe('Study session soon: Physics');
  });

  it('focuses the window and opens the reminder when the notification is clicked', () => {
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const { rerender, onOpen } = renderReminders([]);
    const arrived = reminder(5);
    rerender({ items: [arrived] });
    const shown = FakeNotification.shown[0];
    shown?.click();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledWith(arrived);
    expect(shown?.close).toHaveBeenCalled();
  });

  it('shows nothing without the permission, and does not show it later either', () => {
    FakeNotification.permission = 'default';
    const { rerender } = renderReminders([]);
    rerender({ items: [reminder(6)] });
    expect(FakeNotification.shown).toEqual([]);
    FakeNotification.permission = 'granted';
    rerender({ items: [reminder(7), reminder(6)] });
    expect(FakeNotification.shown.map((n) => n.options.tag)).toEqual(['reminder-7']);
  });

  it('does nothing where the browser has no Notification API', () => {
    vi.stubGlobal('Notification', undefined);
    const { rerender } = renderReminders([]);
    expect(() => rerender({ items: [reminder(8)] })).not.toThrow();
    expect(FakeNotification.shown).toEqual([]);
  });
});
