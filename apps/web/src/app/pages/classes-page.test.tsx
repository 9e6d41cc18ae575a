import type {
  Class,
  ClassList,
  ClassStanding,
  JoinClassResult,
  PlanSummary,
  Profile,
} from '@studybuddy/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { clearSession, startSession } from '@/lib/session';
import { loadAppAt, testSite } from '@/testing/app';
import { testClass, testJoinedClass } from '@/testing/classes';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse } from '@/testing/render';
import { testUser } from '@/testing/users';

const profile = (isTeacher: boolean): Profile => ({
  username: 'ana',
  firstName: 'Ana',
  lastName: 'K',
  email: 'ana@example.com',
  notifyOnLesson: false,
  reminderLeadMinutes: 30,
  weekStartsOn: 'monday',
  isAdmin: false,
  isTeacher,
});

const plan = (id: number, name: string, status: PlanSummary['status'] = 'active'): PlanSummary => ({
  id,
  name,
  deadline: null,
  description: null,
  status,
  subjectDetails: [],
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch with one answer per call and records each request (a form body as FormData). */
function stubFetch(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const raw = init?.body;
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      };
      calls.push(call);
      if (url === '/api/site') return jsonResponse(testSite);
      return answer(call) ?? jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('the classes screens', () => {
  beforeEach(() => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() });
    setXsrfCookie();
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the classes a teacher teaches and joined, with New class, from the plans page', async () => {
    const list: ClassList = {
      teaching: [testClass()],
      joined: [
        testJoinedClass({
          id: 8,
          name: 'History',
          membership: {
            planId: 4,
            planHasWeek: true,
            share: false,
            pending: [{ kind: 'topic-added', topic: 'Rome' }],
          },
        }),
      ],
    };
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes') return jsonResponse(list);
      return undefined;
    });
    const u = userEvent.setup();
    const router = loadAppAt('/study-plan/list');
    await u.click(await screen.findByRole('link', { name: 'Classes' }, { timeout: 3000 }));
    await heading('Classes');
    expect(router.state.location.pathname).toBe('/classes');

    const teaching = await screen.findByRole('region', { name: 'Classes I teach' });
    expect(within(teaching).getByRole('link', { name: 'New class' }).getAttribute('href')).toBe(
      '/classes/new',
    );
    const taught = within(teaching).getByRole('heading', { level: 3, name: 'Chemistry 2B' });
    expect(taught.parentElement?.textContent).toContain('12 students · 2 exams · 3 topics');
    const joined = screen.getByRole('region', { name: 'Classes I joined' });
    expect(within(joined).getByRole('link', { name: 'History' }).getAttribute('href')).toBe(
      '/classes/8',
    );
    expect(joined.textContent).toContain('Teacher: Maria Pappa');
    expect(joined.textContent).toContain('1 change from your teacher to look at');
  });

  it('shows a student without classes only the join form', async () => {
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(false));
      if (url === '/api/classes') return jsonResponse({ teaching: [], joined: [] });
      if (url === '/api/generic/GetStudyProgramOfUser') return jsonResponse([]);
      return undefined;
    });
    loadAppAt('/classes');
    const joined = await screen.findByRole('region', { name: 'Classes I joined' });
    expect(joined.textContent).toContain('You have not joined a class yet.');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Join a class' })).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Classes I teach' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New class' })).toBeNull();
  });

  it('joins from a join link into the plan picked, and says where the class went', async () => {
    const u = userEvent.setup();
    const joined: JoinClassResult = {
      class: testJoinedClass(),
      planId: 4,
      subjectIds: [40, 41],
      placed: 6,
      notices: [],
    };
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(false));
      if (url === '/api/generic/GetStudyProgramOfUser')
        return jsonResponse([plan(4, 'Spring term'), plan(5, 'A draft', 'draft')]);
      if (url === '/api/classes/join' && method === 'POST') return jsonResponse(joined);
      if (url === '/api/classes/7') return jsonResponse(joined.class);
      return undefined;
    });
    const router = loadAppAt('/classes/join?code=abcd-efgh');
    await heading('Join a class');
    expect((screen.getByLabelText(/^Class code/) as HTMLInputElement).value).toBe('abcd-efgh');
    const select = screen.getByLabelText(/^Put the class into/) as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
        'A new plan',
        'Spring term',
      ]),
    );
    await u.selectOptions(select, 'Spring term');
    await u.click(screen.getByRole('button', { name: 'Join the class' }));

    await heading('Chemistry 2B');
    expect(router.state.location.pathname).toBe('/classes/7');
    expect(
      screen.getByText(
        'You joined the class. It is in your plan “Spring term”. 6 sessions placed.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Teacher: Maria Pappa · Subject: Chemistry')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/classes/join')?.body).toEqual({
      code: 'ABCDEFGH',
      planId: 4,
    });
  });

  it('gives the teacher the code, the link, its QR code and a new code once confirmed', async () => {
    const u = userEvent.setup();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    let cls: Class = testClass();
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes/7' && method === 'GET') return jsonResponse(cls);
      if (url === '/api/classes/7/code' && method === 'POST') {
        cls = { ...cls, joinCode: 'MNPQRSTU' };
        return jsonResponse(cls);
      }
      return undefined;
    });
    loadAppAt('/classes/7');
    await heading('Chemistry 2B');
    const panel = screen.getByRole('region', { name: 'How students join' });
    expect(panel.textContent).toContain('12 students joined · open for joining');
    expect(within(panel).getByText('ABCD-EFGH')).toBeTruthy();
    expect(
      within(panel).getByText(`${window.location.origin}/classes/join?code=ABCDEFGH`),
    ).toBeTruthy();
    const qr = (await within(panel).findByRole('img', {
      name: 'QR code of the join link for the code ABCD-EFGH',
    })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    await u.click(within(panel).getByRole('button', { name: 'New code' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(await within(panel).findByText('MNPQ-RSTU')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/classes/7/code',
    ]);
  });

  it('shows the teacher how the class stands: counts from the group size up, names only of who shares', async () => {
    const cls = testClass();
    const standing: ClassStanding = {
      members: 12,
      minGroup: 5,
      shown: true,
      exams: [
        {
          id: 1,
          name: 'Midterm',
          date: '2027-03-10',
          onTrack: 7,
          atRisk: 3,
          behind: 1,
          unknown: 1,
        },
      ],
      topics: [{ id: 5, name: 'Alkanes', covered: 0.25 }],
      shared: [
        {
          name: 'Eve Stone',
          exams: [{ examId: 1, status: 'at-risk' }],
          topicsCovered: 1,
          topicsTotal: 3,
        },
      ],
    };
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes/7') return jsonResponse(cls);
      if (url === '/api/classes/7/standing') return jsonResponse(standing);
      return undefined;
    });
    loadAppAt('/classes/7');
    await heading('Chemistry 2B');
    const section = await screen.findByRole('region', { name: 'How the class stands' });
    await within(section).findByText('7 on track · 3 at risk · 1 behind (1 copy deleted)');
    expect(within(section).getByText('25% of students')).toBeTruthy();
    expect(within(section).getByText('Eve Stone')).toBeTruthy();
    expect(section.textContent).toContain('at risk · 1 of 3 topics studied');
  });

  it('shows the teacher no counts below the group size, and says why', async () => {
    const few: ClassStanding = {
      members: 3,
      minGroup: 5,
      shown: false,
      exams: [],
      topics: [],
      shared: [],
    };
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes/7') return jsonResponse(testClass());
      if (url === '/api/classes/7/standing') return jsonResponse(few);
      return undefined;
    });
    loadAppAt('/classes/7');
    await heading('Chemistry 2B');
    const section = await screen.findByRole('region', { name: 'How the class stands' });
    await within(section).findByText(
      'Figures show from 5 students up, so that no one’s progress can be read from them.',
    );
    expect(within(section).getByText(/No student shares their progress/)).toBeTruthy();
    expect(within(section).queryByText(/on track/)).toBeNull();
  });

  it('uploads the teacher’s files as `files`, says which could not be read, and removes one', async () => {
    const u = userEvent.setup();
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    let cls: Class = testClass();
    const calls = stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes/7' && method === 'GET') return jsonResponse(cls);
      if (url === '/api/classes/7/files' && method === 'POST') {
        cls = {
          ...cls,
          files: [
            ...cls.files,
            { id: 32, name: 'notes.md', kind: 'md', sizeBytes: 1200, createdAt: cls.updatedAt },
          ],
        };
        return jsonResponse({
          class: cls,
          warnings: [
            { code: 'file_empty', params: { file: 'empty.txt' }, message: 'empty.txt: empty.' },
          ],
        });
      }
      if (url === '/api/classes/7/files/31' && method === 'DELETE') {
        cls = { ...cls, files: cls.files.filter((f) => f.id !== 31) };
        return jsonResponse(cls);
      }
      return undefined;
    });
    loadAppAt('/classes/7');
    const files = await screen.findByRole('region', { name: 'Files' }, { timeout: 3000 });
    expect(within(files).getByText('syllabus.pdf')).toBeTruthy();
    await u.upload(within(files).getByLabelText('Files to add'), [
      new File(['# Notes'], 'notes.md', { type: 'text/markdown' }),
      new File([''], 'empty.txt', { type: 'text/plain' }),
    ]);
    await u.click(within(files).getByRole('button', { name: 'Upload' }));
    expect(await within(files).findByText('notes.md')).toBeTruthy();
    expect(within(files).getByText('empty.txt: the file is empty.')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/api/classes/7/files')?.body as FormData;
    expect(sent.getAll('files').map((f) => (f as File).name)).toEqual(['notes.md', 'empty.txt']);

    await u.click(within(files).getByRole('button', { name: 'Remove syllabus.pdf' }));
    await waitFor(() => expect(within(files).queryByText('syllabus.pdf')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/classes/7/files/31')).toBe(
      true,
    );
  });

  it('deletes the class once confirmed and goes back to the list, saying students keep copies', async () => {
    const u = userEvent.setup();
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    stubFetch(({ url, method }) => {
      if (url === '/user/profile') return jsonResponse(profile(true));
      if (url === '/api/classes/7' && method === 'GET') return jsonResponse(testClass());
      if (url === '/api/classes/7' && method === 'DELETE')
        return jsonResponse({ message: 'The class is deleted. Its students keep their copies.' });
      if (url === '/api/classes') return jsonResponse({ teaching: [], joined: [] });
      return undefined;
    });
    const router = loadAppAt('/classes/7');
    await heading('Chemistry 2B');
    await u.click(screen.getByRole('button', { name: 'Delete class' }));
    await heading('Classes');
    expect(router.state.location.pathname).toBe('/classes');
    expect(
      screen
        .getByText('The class is deleted. Its students keep their copies.')
        .getAttribute('role'),
    ).toBe('status');
  });

  it('keeps a join link’s code through the login, and offers it on the dashboard', async () => {
    clearSession();
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(false));
      if (url === '/api/generic/GetStudyProgramOfUser') return jsonResponse([]);
      if (url === '/api/generic/GetStudySessionDto') return jsonResponse([]);
      return undefined;
    });
    loadAppAt('/classes/join?code=abcd-efgh');
    await heading('Join a class');
    const why = await screen.findByText(/Log in or create an account to join this class/);
    const card = why.parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(window.sessionStorage.getItem('pendingClassCode')).toBe('ABCDEFGH');

    // The login, in a fresh page: it lands on the dashboard.
    cleanup();
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() });
    loadAppAt('/dashboard');
    const offer = await screen.findByText(
      'A class’s join link brought you here with the code ABCD-EFGH.',
      {},
      { timeout: 3000 },
    );
    const box = offer.parentElement as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Join the class' }).getAttribute('href')).toBe(
      '/classes/join?code=ABCDEFGH',
    );
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Not now' }));
    expect(window.sessionStorage.getItem('pendingClassCode')).toBeNull();
    expect(screen.queryByText(/A class’s join link brought you here/)).toBeNull();
  });

  it('says so when a class is not the student’s', async () => {
    stubFetch(({ url }) => {
      if (url === '/api/classes/99')
        return jsonResponse({ message: 'Class not found.', code: 'not_found' }, 404);
      return undefined;
    });
    loadAppAt('/classes/99');
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Class not found.',
    );
  });

  it('tells a student who is no teacher that only teachers make classes', async () => {
    stubFetch(({ url }) => {
      if (url === '/user/profile') return jsonResponse(profile(false));
      return undefined;
    });
    loadAppAt('/classes/new');
    await heading('New class');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only a teacher can make classes. Ask an admin to make you one.',
    );
    expect(screen.queryByRole('button', { name: 'Create class' })).toBeNull();
  });
});
