import type { AdminOverview, BackupRun, Profile } from '@studybuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { clearSession, startSession } from '@/lib/session';
import { loadAppAt } from '@/testing/app';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import AdminPage from './admin-page';

const user = testUser({ username: 'ada', email: 'ada@example.com', name: 'Ada L' });
const profile = (isAdmin: boolean): Profile => ({
  username: 'ada',
  firstName: 'Ada',
  lastName: 'L',
  email: 'ada@example.com',
  notifyOnLesson: false,
  reminderLeadMinutes: 30,
  weekStartsOn: 'monday',
  isAdmin,
  isTeacher: false,
});
const overview: AdminOverview = {
  students: 42,
  activeLast7Days: 17,
  feedback: [
    {
      id: 1,
      rating: 3,
      pleased: 'The reminders',
      recommendation: '',
      page: null,
      createdAt: '2030-01-01T09:00:00.000Z',
    },
    {
      id: 2,
      rating: 5,
      pleased: 'The calendar',
      recommendation: 'Dark mode',
      page: '/calendar',
      createdAt: '2030-01-05T09:00:00.000Z',
    },
  ],
  reminders: { sent: 12, failed: 2 },
  ai: { provider: 'openai', model: 'gpt-4o-mini', failuresToday: 0 },
  actions: [
    {
      adminEmail: 'ada@example.com',
      action: 'delete-account',
      target: 'leaving@example.com',
      createdAt: '2030-01-04T15:30:00.000Z',
    },
  ],
  backups: {
    schedule: '0 3 * * *',
    keep: 7,
    nextAt: '2030-01-06T03:00:00.000Z',
    last: null,
    lastGood: null,
  },
};
/** A good scheduled run, as the server records it. */
const goodRun: BackupRun = {
  status: 'done',
  scheduledFor: '2030-01-05T03:00:00.000Z',
  finishedAt: '2030-01-05T03:00:04.000Z',
  file: 'studybuddy-20300105T030000Z-scheduled.sqlite',
  host: 'school-1',
  bytes: 5_767_168,
  check: 'ok',
  error: null,
};
const site = {
  supportEmail: 'help@school.example',
  socialUrl: 'https://social.example/@studybuddy',
  codeUrl: 'https://code.example/studybuddy',
  communityUrl: 'https://chat.example/#/room',
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch with one answer per call and records each request. */
function stubFetch(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (url === '/api/site') return jsonResponse(site);
      return answer(call) ?? jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

const homeHeading = () =>
  screen.findByRole('heading', { level: 1, name: /^Study smarter/ }, { timeout: 3000 });

describe('the admin page', () => {
  beforeEach(() => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    setXsrfCookie();
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    document.title = '';
  });

  it('shows the figures, the feedback newest first and the admin log', async () => {
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse(overview);
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Admin · StudyBuddy'));

    const figures = await screen.findByRole('region', { name: 'At a glance' });
    const figure = (label: string) =>
      within(figures).getByText(label).closest('.admin-figure')?.querySelector('dd')?.textContent;
    expect(figure('Students')).toBe('42');
    expect(figure('Active in the last 7 days')).toBe('17');
    expect(figure('Reminders sent today')).toBe('12');
    expect(figure('Reminders failed today')).toBe('2');
    expect(figure('AI in use')).toBe('openai · gpt-4o-mini');
    expect(figure('AI failures today')).toBe('0');

    const feedback = screen.getByRole('region', { name: 'App feedback' });
    const items = within(feedback).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/of 5$/).textContent)).toEqual([
      '5 of 5',
      '3 of 5',
    ]);
    expect(items[0]?.textContent).toContain('The calendar');
    expect(items[0]?.textContent).toContain('Dark mode');
    expect(within(items[0] as HTMLElement).getByText('/calendar').tagName).toBe('CODE');
    expect(items[0]?.querySelector('time')?.textContent).toBe('Jan 5, 2030');
    expect(items[1]?.textContent).toContain('Not known');
    expect(items[1]?.textContent).not.toContain('What they recommend');

    const log = screen.getByRole('table');
    const [row] = within(log).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ada@example.com',
      'Deleted an account on request',
      'leaving@example.com',
      expect.stringMatching(/^Jan 4, 2030, \d\d:\d\d$/),
    ]);
  });

  it('shows the newest good backup with its time, file, size and check', async () => {
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview')
        return jsonResponse({
          ...overview,
          backups: { ...overview.backups, last: goodRun, lastGood: goodRun },
        });
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const section = await screen.findByRole('region', { name: 'Backups' });
    const value = (label: string) =>
      within(section).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Schedule')).toBe('0 3 * * * · the newest 7 kept');
    expect(value('Next backup')).toMatch(/^Jan 6, 2030, \d\d:\d\d$/);
    expect(value('Last good backup')).toMatch(/^Jan 5, 2030, \d\d:\d\d$/);
    expect(value('File')).toBe('studybuddy-20300105T030000Z-scheduled.sqlite (on school-1)');
    expect(value('Size')).toBe('5.5 MB');
    expect(value('Check')).toBe('Passed: it opens whole and holds every table');
    expect(within(section).queryByText(/^Warning/)).toBeNull();
  });

  it('warns when the newest backup failed, saying why, beside the last good one', async () => {
    const failedRun: BackupRun = {
      ...goodRun,
      status: 'failed',
      scheduledFor: '2030-01-06T03:00:00.000Z',
      finishedAt: '2030-01-06T03:00:01.000Z',
      file: null,
      bytes: null,
      check: null,
      error: 'pg_dump was not found: install the PostgreSQL client tools',
    };
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview')
        return jsonResponse({
          ...overview,
          backups: { ...overview.backups, last: failedRun, lastGood: goodRun },
        });
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const section = await screen.findByRole('region', { name: 'Backups' });
    const warning = within(section).getByText(/^Warning: the backup of Jan 6, 2030/);
    expect(warning.textContent).toMatch(
      /^Warning: the backup of Jan 6, 2030, \d\d:\d\d failed: pg_dump was not found: install the PostgreSQL client tools$/,
    );
    expect(within(section).getByText('studybuddy-20300105T030000Z-scheduled.sqlite')).toBeTruthy();
  });

  it('says when backups are not scheduled, and when none has run yet', async () => {
    let backups: AdminOverview['backups'] = { ...overview.backups, schedule: null, nextAt: null };
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse({ ...overview, backups });
      return undefined;
    });
    const { unmount } = renderWithProviders(<AdminPage />, { route: '/admin' });
    const off = await screen.findByRole('region', { name: 'Backups' });
    expect(off.textContent).toContain('Scheduled backups are off: backups are taken by hand only');
    unmount();
    backups = overview.backups;
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const none = await screen.findByRole('region', { name: 'Backups' });
    expect(within(none).getByText('Last good backup').closest('div')?.textContent).toContain(
      'None yet',
    );
    expect(within(none).queryByText('File')).toBeNull();
  });

  it('opens at /admin for an admin', async () => {
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse(overview);
      return undefined;
    });
    const router = loadAppAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'At a glance' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('is the unknown-address page to a student the profile does not call an admin', async () => {
    const calls = stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(false));
      if (url === '/api/admin/overview') return jsonResponse(overview);
      return undefined;
    });
    const router = loadAppAt('/admin');
    await homeHeading();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Admin')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/admin'))).toBe(false);
  });

  it('is the unknown-address page when the server answers 404', async () => {
    const calls = stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      return undefined;
    });
    const router = loadAppAt('/admin');
    await homeHeading();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.url === '/api/admin/overview')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
    // No error dialog gives the screen away either.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so when the overview fails for an admin, and tries again on request', async () => {
    const u = userEvent.setup();
    let failing = true;
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview')
        return failing
          ? jsonResponse({ message: 'Something went wrong.', code: 'internal_error' }, 500)
          : jsonResponse(overview);
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'The overview could not be loaded.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Delete a student’s account' })).toBeTruthy();
    failing = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'At a glance' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leads an unknown address to the same page', async () => {
    stubFetch(() => undefined);
    const router = loadAppAt('/no-such-page');
    await homeHeading();
    expect(router.state.location.pathname).toBe('/');
  });

  it('deletes a student account after the confirm step and refreshes the overview', async () => {
    const u = userEvent.setup();
    let students = 42;
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse({ ...overview, students });
      if (url === '/api/admin/accounts/delete' && method === 'POST') {
        students = 41;
        return jsonResponse({ message: 'The account and all its data are deleted.' });
      }
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const figures = await screen.findByRole('region', { name: 'At a glance' });
    const studentsFigure = () =>
      within(figures).getByText('Students').closest('.admin-figure')?.querySelector('dd')
        ?.textContent;
    expect(studentsFigure()).toBe('42');

    const card = screen.getByRole('region', { name: 'Delete a student’s account' });
    await u.type(within(card).getByLabelText(/^Student’s e-mail address/), 'leaving@example.com');
    await u.type(
      within(card).getByLabelText(/^Type the e-mail again to confirm/),
      'Leaving@Example.com',
    );
    await u.click(within(card).getByRole('button', { name: 'Delete the account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(dialog.textContent).toContain('leaving@example.com');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await u.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(
      await within(card).findByText(
        'The account of leaving@example.com and all its data are deleted.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: '/api/admin/accounts/delete',
        method: 'POST',
        body: { email: 'leaving@example.com', confirmation: 'Leaving@Example.com' },
      },
    ]);
    await waitFor(() => expect(studentsFigure()).toBe('41'));
    expect(calls.filter((c) => c.url === '/api/admin/overview')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      (within(card).getByLabelText(/^Student’s e-mail address/) as HTMLInputElement).value,
    ).toBe('');
  });

  it('makes an account a teacher and back, saying what the server answered', async () => {
    const u = userEvent.setup();
    const answers = [
      'This account is now a teacher: it can make classes.',
      'This account is no longer a teacher. Its classes stay.',
      'Nothing changed.',
    ];
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse(overview);
      if (url === '/api/admin/accounts/teacher' && method === 'POST')
        return jsonResponse({ message: answers.shift() });
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const card = await screen.findByRole('region', { name: 'Teachers' });
    const email = within(card).getByLabelText(/^E-mail address of the account/);
    await u.type(email, 'maria@example.com');
    await u.click(within(card).getByRole('button', { name: 'Make teacher' }));
    expect(
      await within(card).findByText('maria@example.com is now a teacher: they can make classes.'),
    ).toBeTruthy();
    await u.click(within(card).getByRole('button', { name: 'Remove teacher' }));
    expect(
      await within(card).findByText('maria@example.com is no longer a teacher. Its classes stay.'),
    ).toBeTruthy();
    await u.click(within(card).getByRole('button', { name: 'Remove teacher' }));
    expect(await within(card).findByText('Nothing changed for maria@example.com.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'maria@example.com', teacher: true },
      { email: 'maria@example.com', teacher: false },
      { email: 'maria@example.com', teacher: false },
    ]);
  });

  it('puts an e-mail without an account on the teacher field', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/admin/overview') return jsonResponse(overview);
      if (url === '/api/admin/accounts/teacher' && method === 'POST')
        return jsonResponse(
          { message: 'No account has this e-mail address.', code: 'not_found' },
          404,
        );
      return undefined;
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const card = await screen.findByRole('region', { name: 'Teachers' });
    await u.click(within(card).getByRole('button', { name: 'Make teacher' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await u.type(
      within(card).getByLabelText(/^E-mail address of the account/),
      'nobody@example.com',
    );
    await u.click(within(card).getByRole('button', { name: 'Make teacher' }));
    expect(await within(card).findByText('No account has this e-mail address.')).toBeTruthy();
    expect(
      within(card)
        .getByLabelText(/^E-mail address of the account/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
