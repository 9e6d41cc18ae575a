import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { stubSaving, unstubSaving } from '@/testing/downloads';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { DownloadPlanIcsButton } from './download-plan-ics-button';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const user = testUser();

/** Stubs fetch with one answer and records each request's URL and headers. */
function stubFetch(answer: () => Response) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, headers: new Headers(init?.headers) });
      return answer();
    }),
  );
  return calls;
}

describe('DownloadPlanIcsButton', () => {
  beforeEach(() =>
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user }),
  );
  afterEach(() => {
    unstubSaving();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it("fetches the plan with the bearer token and saves it under the server's name", async () => {
    const u = userEvent.setup();
    const calls = stubFetch(
      () =>
        new Response(ICS, {
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': `attachment; filename="Physics.ics"; filename*=UTF-8''${encodeURIComponent('Φυσική.ics')}`,
          },
        }),
    );
    const { createObjectURL, revokeObjectURL, clicked } = stubSaving();
    renderWithProviders(<DownloadPlanIcsButton planId={7} planName="Φυσική" />);
    await u.click(screen.getByRole('button', { name: 'Download .ics' }));
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:studybuddy/1'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/plans/7/calendar.ics');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(ICS);
    expect(clicked).toEqual([
      { href: 'blob:studybuddy/1', download: 'Φυσική.ics', inDocument: true },
    ]);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Download .ics' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('names the file after the plan when the server gives no name', async () => {
    const u = userEvent.setup();
    stubFetch(() => new Response(ICS, { headers: { 'Content-Type': 'text/calendar' } }));
    const { revokeObjectURL, clicked } = stubSaving();
    renderWithProviders(<DownloadPlanIcsButton planId={7} planName="Exams: June/July" />);
    await u.click(screen.getByRole('button', { name: 'Download .ics' }));
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalled());
    expect(clicked[0]?.download).toBe('Exams June July.ics');
  });

  it('saves nothing when the download fails', async () => {
    const u = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Plan not found.', code: 'not_found' }, 404));
    const { createObjectURL, clicked } = stubSaving();
    renderWithProviders(<DownloadPlanIcsButton planId={9} planName="Gone" />);
    await u.click(screen.getByRole('button', { name: 'Download .ics' }));
    await vi.waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Download .ics' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
