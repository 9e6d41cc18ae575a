import { onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keepOfflineCopy } from '@/lib/offline-cache';
import { startOfflineSession } from '@/lib/session';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { NeedsConnection } from './needs-connection';
import { OfflineBanner } from './offline-banner';

const ana = testUser();

describe('OfflineBanner', () => {
  it('says nothing online', () => {
    startOfflineSession(ana);
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the copy shown was last synced once the signal goes', async () => {
    const client = new QueryClient();
    const stop = await keepOfflineCopy(client, ana);
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-12-03T08:45:00'));
    await client.prefetchQuery({ queryKey: ['plans', 'mine'], queryFn: () => Promise.resolve([]) });
    await vi.advanceTimersByTimeAsync(1_100);
    vi.useRealTimers();
    stop();
    startOfflineSession(ana);
    renderWithProviders(<OfflineBanner />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe(
      'Offline: last synced at Dec 3, 2026, 08:45. You are reading what this device kept.',
    );
  });
});

describe('NeedsConnection', () => {
  it('shows its part online and says it needs a connection offline, at once', () => {
    renderWithProviders(
      <NeedsConnection>
        <button type="button">Ask the assistant</button>
      </NeedsConnection>,
    );
    expect(screen.getByRole('button', { name: 'Ask the assistant' })).toBeTruthy();
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/needs a connection/);
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Ask the assistant' })).toBeTruthy();
  });

  it('keeps a form half filled in under the notice', () => {
    renderWithProviders(
      <NeedsConnection keep>
        <input aria-label="Plan name" defaultValue="Finals" />
      </NeedsConnection>,
    );
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toBeTruthy();
    expect((screen.getByLabelText('Plan name') as HTMLInputElement).value).toBe('Finals');
  });
});
