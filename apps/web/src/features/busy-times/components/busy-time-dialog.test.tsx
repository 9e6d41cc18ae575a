import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { BusyTimeDialog } from './busy-time-dialog';

describe('BusyTimeDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a weekly lecture with a last day, in the browser time zone', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ id: 1, ...(bodies[0] as object) });
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <BusyTimeDialog open date="2026-11-30" startTime="10:00" onClose={onClose} />,
    );
    await user.type(screen.getByLabelText(/^Title/), 'Organic chemistry');
    await user.click(screen.getByLabelText('Every week'));
    await user.type(screen.getByLabelText('Last day (optional)'), '2026-12-21');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        kind: 'lecture',
        title: 'Organic chemistry',
        date: '2026-11-30',
        startTime: '10:00',
        endTime: '11:00',
        repeat: 'weekly',
        until: '2026-12-21',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
  });

  it('refuses an end before the start with the reason, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <BusyTimeDialog open date="2026-11-30" startTime="10:00" onClose={vi.fn()} />,
    );
    await user.type(screen.getByLabelText(/^Title/), 'Shift');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Busy time must end after it starts.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
