import { type PlanContent, smartSchedulerEndpoints } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse } from '@/testing/render';
import { testUser } from '@/testing/users';
import { ApiError } from './api-error';
import { clearSession, getAccessToken, getSession, startSession } from './session';
import { followEvents } from './sse';

const user = testUser();
const tokens = (t: string) => ({ accessToken: t, token: t, expiresIn: 900, user });

const content = (written: number): PlanContent => ({
  topics: [
    { topicId: 1, subject: 'Biology', name: 'Cells – Zellen', status: 'written', note: null },
    {
      topicId: 2,
      subject: 'Biology',
      name: 'Genes',
      status: written >= 2 ? 'written' : 'writing',
      note: null,
    },
  ],
  written,
  total: 2,
});

const EVENTS_URL = '/api/plans/7/content/events';

/** An SSE body the test writes chunk by chunk (raw text, so chunks may split anything). */
function sseBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (chunk: string | Uint8Array) =>
      controller?.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk),
    end: () => controller?.close(),
  };
}

type Call = { url: string; method: string; headers: Headers; signal: AbortSignal | undefined };

function stubFetch(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        signal: init?.signal ?? undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const follow = (onData: (data: PlanContent) => void, signal?: AbortSignal) =>
  followEvents(smartSchedulerEndpoints.contentEvents, { params: { planId: 7 }, signal, onData });

/** Lets the reader take what was written. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followEvents', () => {
  // The refresh is a POST: with the cookie in place it asks for no XSRF cookie first.
  beforeEach(() => setXsrfCookie('xsrf-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('asks for the stream with the Bearer token and passes each event in order, across chunks', async () => {
    startSession(tokens('access-1'));
    const body = sseBody();
    const calls = stubFetch(() => body.response());
    const seen: PlanContent[] = [];
    let finished = false;
    const following = follow((data) => seen.push(data)).then(() => {
      finished = true;
    });
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: EVENTS_URL, method: 'GET' });
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');

    const first = `event: content\ndata: ${JSON.stringify(content(1))}\n\n`;
    const second = `event: content\ndata: ${JSON.stringify(content(2))}\n\n`;
    // The first event split in the middle of its data, and inside a character of two bytes.
    const bytes = new TextEncoder().encode(first);
    const dash = bytes.indexOf(0xe2) + 1;
    body.write(bytes.slice(0, 20));
    body.write(bytes.slice(20, dash));
    await settle();
    expect(seen).toEqual([]);
    body.write(bytes.slice(dash));
    await settle();
    expect(seen).toEqual([content(1)]);
    // Two events in one chunk, the second ending in the next chunk.
    body.write(first + second.slice(0, -1));
    await settle();
    expect(seen).toEqual([content(1), content(1)]);
    body.write('\n');
    await settle();
    expect(seen).toEqual([content(1), content(1), content(2)]);
    expect(finished).toBe(false);

    body.end();
    await following;
    expect(finished).toBe(true);
  });

  it('skips data that is not JSON or not the endpoint answer, and ignores comments', async () => {
    const body = sseBody();
    stubFetch(() => body.response());
    const seen: PlanContent[] = [];
    const following = follow((data) => seen.push(data));
    body.write(': keep-alive\n\n');
    body.write('event: content\ndata: {not json\n\n');
    body.write(`event: content\ndata: ${JSON.stringify({ nonsense: true })}\n\n`);
    body.write(`event: content\ndata: ${JSON.stringify(content(2))}\n\n`);
    body.end();
    await expect(following).resolves.toBeUndefined();
    expect(seen).toEqual([content(2)]);
  });

  it('rejects with ApiError when the stream cannot be opened', async () => {
    stubFetch(() => jsonResponse({ message: 'Busy.', code: 'internal_error' }, 500));
    const onData = vi.fn();
    const error = await follow(onData).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', message: 'Busy.' });
    expect(onData).not.toHaveBeenCalled();
  });

  it('refreshes the session once on a 401 and opens the stream again with the new token', async () => {
    startSession(tokens('expired'));
    const body = sseBody();
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse(tokens('fresh'));
      return call.headers.get('Authorization') === 'Bearer fresh'
        ? body.response()
        : jsonResponse({ message: 'Expired', code: 'token_invalid' }, 401);
    });
    const seen: PlanContent[] = [];
    const following = follow((data) => seen.push(data));
    body.write(`event: content\ndata: ${JSON.stringify(content(2))}\n\n`);
    body.end();
    await following;
    expect(calls.map((c) => c.url)).toEqual([EVENTS_URL, '/api/auth/refresh', EVENTS_URL]);
    expect(calls[2]?.headers.get('Accept')).toBe('text/event-stream');
    expect(getAccessToken()).toBe('fresh');
    expect(seen).toEqual([content(2)]);
  });

  it('ends the session when the refresh fails too', async () => {
    startSession(tokens('expired'));
    const calls = stubFetch(() =>
      jsonResponse({ message: 'No session', code: 'unauthorized' }, 401),
    );
    await expect(follow(vi.fn())).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual([EVENTS_URL, '/api/auth/refresh']);
    expect(getSession().isLoggedIn).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('passes the signal to the request: an abort ends the stream with an AbortError', async () => {
    const calls = stubFetch((call) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // As the browser does: the aborted request errors its body.
          call.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('The user aborted a request.', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const controller = new AbortController();
    const onData = vi.fn();
    const following = follow(onData, controller.signal);
    await settle();
    expect(calls[0]?.signal).toBe(controller.signal);
    controller.abort();
    await expect(following).rejects.toMatchObject({ name: 'AbortError' });
    expect(onData).not.toHaveBeenCalled();
  });
});
