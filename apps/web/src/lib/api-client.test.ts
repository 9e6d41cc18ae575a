import {
  authEndpoints,
  calendarFeedEndpoints,
  planEndpoints,
  profileEndpoints,
  subjectEndpoints,
  topicEndpoints,
} from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse } from '@/testing/render';
import { testUser } from '@/testing/users';
import { apiDownload, apiRequest, fileNameFromDisposition } from './api-client';
import { ApiError } from './api-error';
import { clearSession, getAccessToken, getSession, startSession } from './session';

const user = testUser();
const tokens = (t: string) => ({ accessToken: t, token: t, expiresIn: 900, user });

type Call = { url: string; method: string; headers: Headers; body: unknown };

function stubFetch(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

describe('apiRequest', () => {
  beforeEach(() => setXsrfCookie('xsrf-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sends the bearer token and the XSRF header and parses the response', async () => {
    startSession(tokens('access-1'));
    const calls = stubFetch(() =>
      jsonResponse({
        username: 'ana',
        firstName: 'A',
        lastName: 'K',
        email: 'a@b.co',
        notifyOnLesson: false,
        reminderLeadMinutes: 30,
        weekStartsOn: 'sunday',
        isAdmin: false,
        isTeacher: false,
      }),
    );
    const body = { firstName: 'A', lastName: 'K', email: 'a@b.co' };
    const profile = await apiRequest(profileEndpoints.update, { body });
    expect(profile.username).toBe('ana');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('throws ApiError with the status, code, message and details of the error body', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Bad input',
          code: 'validation_failed',
          details: [{ path: 'email', message: 'x' }],
          requestId: 'req-42',
        },
        400,
      ),
    );
    const error = await apiRequest(authEndpoints.login, {
      body: { email: 'a@b.co', password: 'p' },
      auth: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Bad input',
      requestId: 'req-42',
    });
    expect((error as ApiError).fieldIssues).toEqual([{ path: 'email', message: 'x' }]);
  });

  it('rejects a response that does not match the contract', async () => {
    stubFetch(() => jsonResponse({ accessToken: 'only this' }));
    await expect(
      apiRequest(authEndpoints.login, { body: { email: 'a@b.co', password: 'p' }, auth: false }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    startSession(tokens('expired'));
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse(tokens('fresh'));
      return call.headers.get('Authorization') === 'Bearer fresh'
        ? jsonResponse([])
        : jsonResponse({ message: 'Expired', code: 'token_invalid' }, 401);
    });
    await expect(apiRequest(planEndpoints.listMine)).resolves.toEqual([]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/generic/GetStudyProgramOfUser',
      '/api/auth/refresh',
      '/api/generic/GetStudyProgramOfUser',
    ]);
    expect(getAccessToken()).toBe('fresh');
  });

  it('logs out when the refresh fails too', async () => {
    startSession(tokens('expired'));
    stubFetch(() => jsonResponse({ message: 'No session', code: 'unauthorized' }, 401));
    await expect(apiRequest(planEndpoints.listMine)).rejects.toMatchObject({ status: 401 });
    expect(getSession().isLoggedIn).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('loggedIn')).toBeNull();
  });

  it('adds query values to the path', async () => {
    const calls = stubFetch(() => jsonResponse([]));
    await apiRequest(subjectEndpoints.list, { query: { planId: 7 } });
    expect(calls[0]?.url).toBe('/subjects?planId=7');
  });

  it('sends FormData as multipart with the XSRF header and no Content-Type of its own', async () => {
    startSession(tokens('access-1'));
    const topic = {
      id: 3,
      subjectId: 1,
      name: 'T',
      topicName: 'T',
      deepDiveContent: '<p>x</p>',
      completed: false,
      lessonId: null,
      lessons: [],
      contentStatus: 'written',
      contentNote: null,
      warnings: [{ code: 'file_empty', params: { file: 'a.md' }, message: 'a.md: empty.' }],
    };
    const calls = stubFetch(() => jsonResponse(topic));
    const form = new FormData();
    form.append('prompt', 'focus');
    const result = await apiRequest(topicEndpoints.generateDeepDive, {
      params: { id: 3 },
      formData: form,
    });
    expect(result.warnings).toEqual([
      { code: 'file_empty', params: { file: 'a.md' }, message: 'a.md: empty.' },
    ]);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });
});

describe('apiDownload', () => {
  beforeEach(() => setXsrfCookie('xsrf-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  const ics = () =>
    new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="Physics.ics"; filename*=UTF-8''${encodeURIComponent('Φυσική.ics')}`,
      },
    });

  it("sends the bearer token and returns the body as a Blob with the server's file name", async () => {
    startSession(tokens('access-1'));
    const calls = stubFetch(() => ics());
    const file = await apiDownload(calendarFeedEndpoints.planIcs, {
      params: { planId: 7 },
      accept: 'text/calendar',
    });
    expect(calls[0]?.url).toBe('/api/plans/7/calendar.ics');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(calls[0]?.headers.get('Accept')).toBe('text/calendar');
    expect(await file.blob.text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(file.fileName).toBe('Φυσική.ics');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    startSession(tokens('expired'));
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse(tokens('fresh'));
      return call.headers.get('Authorization') === 'Bearer fresh'
        ? ics()
        : jsonResponse({ message: 'Expired', code: 'token_invalid' }, 401);
    });
    const file = await apiDownload(calendarFeedEndpoints.planIcs, { params: { planId: 7 } });
    expect(file.fileName).toBe('Φυσική.ics');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/plans/7/calendar.ics',
      '/api/auth/refresh',
      '/api/plans/7/calendar.ics',
    ]);
  });

  it('throws ApiError with the error body of a failed download', async () => {
    startSession(tokens('access-1'));
    stubFetch(() => jsonResponse({ message: 'Plan not found.', code: 'not_found' }, 404));
    const error = await apiDownload(calendarFeedEndpoints.planIcs, { params: { planId: 9 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Plan not found.' });
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers filename*, falls back to filename, and gives null without one', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.ics"; filename*=UTF-8''%CE%B1%20b.ics`),
    ).toBe('α b.ics');
    expect(fileNameFromDisposition('attachment; filename="My \\"plan\\".ics"')).toBe(
      'My "plan".ics',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.ics')).toBe('plain.ics');
    expect(fileNameFromDisposition(`attachment; filename="ok.ics"; filename*=UTF-8''%E0%A4`)).toBe(
      'ok.ics',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
