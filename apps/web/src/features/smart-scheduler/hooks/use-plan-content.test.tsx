import type { PlanContent } from '@studybuddy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse } from '@/testing/render';
import { testUser } from '@/testing/users';
import { smartSchedulerKeys } from '../api/keys';
import { usePlanContent } from './use-plan-content';

const topic = (topicId: number, status: PlanContent['topics'][number]['status']) => ({
  topicId,
  subject: 'Biology',
  name: `Topic ${topicId}`,
  status,
  note: null,
});
const writing: PlanContent = {
  topics: [topic(1, 'written'), topic(2, 'writing')],
  written: 1,
  total: 2,
};
const done: PlanContent = {
  topics: [topic(1, 'written'), topic(2, 'not-written')],
  written: 2,
  total: 2,
};

const EVENTS_URL = '/api/plans/7/content/events';
const CONTENT_URL = '/api/plans/7/content';

/**
 * One content stream as the server sends it: `send` an event, `end` the body (the server is
 * done), `fail` it (the connection drops). The fetch's signal errors the body, as the browser
 * does on an abort.
 */
function contentStream(signal: AbortSignal | null | undefined) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () =>
    controller?.error(new DOMException('The user aborted a request.', 'AbortError')),
  );
  const encoder = new TextEncoder();
  return {
    signal,
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (data: unknown, event = 'content') =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller?.close(),
    fail: () => controller?.error(new TypeError('network error')),
  };
}

type Stream = ReturnType<typeof contentStream>;

/**
 * The server: the events URL opens a stream the test controls (or answers `openWith`), the
 * content URL answers from `answers` (then `done`).
 */
function fakeServer({
  answers = [] as PlanContent[],
  openWith,
}: {
  answers?: PlanContent[];
  openWith?: () => Response;
} = {}) {
  const streams: Stream[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === EVENTS_URL) {
      if (openWith) return openWith();
      const stream = contentStream(init?.signal);
      streams.push(stream);
      return stream.response;
    }
    if (url === CONTENT_URL) return jsonResponse(answers.shift() ?? done);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const urls = () => fetch.mock.calls.map(([url]) => url);
  return {
    fetch,
    streams,
    /** The stream opened last. */
    stream: () => {
      const last = streams.at(-1);
      if (!last) throw new Error('no stream opened');
      return last;
    },
    eventCalls: () => urls().filter((url) => url === EVENTS_URL).length,
    polls: () => urls().filter((url) => url === CONTENT_URL).length,
  };
}

function setup(initial: PlanContent | undefined = writing) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onTopicsSettled = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => usePlanContent(7, initial, { onTopicsSettled }), { wrapper });
  return { ...view, client, onTopicsSettled };
}

const user = testUser();

describe('usePlanContent', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('follows the content events into the cache and stops once nothing is writing', async () => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    const server = fakeServer();
    const { result, client, onTopicsSettled, unmount } = setup();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    // A GET asking for the stream, with the Bearer token (which EventSource could not send).
    const [url, init] = server.fetch.mock.calls[0] ?? [];
    expect(url).toBe(EVENTS_URL);
    expect(init?.method).toBe('GET');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(result.current).toMatchObject({ content: writing, done: false, polling: false });

    const stream = server.stream();
    act(() => stream.send(done));
    await waitFor(() => expect(result.current.done).toBe(true));
    expect(client.getQueryData(smartSchedulerKeys.content(7))).toEqual(done);
    expect(onTopicsSettled).toHaveBeenCalledWith([2]);
    // Done: the hook lets go of the stream, and nothing is polled or opened again.
    expect(stream.signal?.aborted).toBe(true);
    unmount();
    expect(server.eventCalls()).toBe(1);
    expect(server.polls()).toBe(0);
    expect(result.current.polling).toBe(false);
  });

  it('puts each event in the cache, and reads on by polling when the stream ends before the content is done', async () => {
    const server = fakeServer({ answers: [done] });
    const { result, client, onTopicsSettled } = setup();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    const stream = server.stream();
    const more: PlanContent = { ...writing, topics: [...writing.topics, topic(3, 'writing')] };
    act(() => stream.send(more));
    await waitFor(() => expect(result.current.content).toEqual(more));
    expect(client.getQueryData(smartSchedulerKeys.content(7))).toEqual(more);
    // The stream ends (a restart, a proxy) with topics still writing: the content is read at
    // once, and polled from then on (no second stream) until it is done.
    await act(async () => stream.end());
    await waitFor(() => expect(result.current.done).toBe(true));
    expect(server.polls()).toBe(1);
    expect(onTopicsSettled).toHaveBeenCalledWith([2]);
    expect(result.current.polling).toBe(true);
    expect(server.eventCalls()).toBe(1);
  });

  it('ignores an event that is not PlanContent and aborts the request on unmount', async () => {
    const server = fakeServer();
    const { result, unmount } = setup();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    const stream = server.stream();
    await act(async () => stream.send({ nonsense: true }));
    // A later good event still arrives: the bad one was skipped, not fatal.
    const more: PlanContent = { ...writing, topics: [...writing.topics, topic(3, 'writing')] };
    await act(async () => stream.send(more));
    await waitFor(() => expect(result.current.content).toEqual(more));
    expect(result.current.polling).toBe(false);
    expect(stream.signal?.aborted).toBe(false);
    unmount();
    expect(stream.signal?.aborted).toBe(true);
    expect(server.polls()).toBe(0);
  });

  it('follows again when a topic is writing again (a retry)', async () => {
    const server = fakeServer();
    const { result, client } = setup(done);
    expect(server.fetch).not.toHaveBeenCalled();
    act(() => client.setQueryData(smartSchedulerKeys.content(7), writing));
    await waitFor(() => expect(result.current.done).toBe(false));
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.stream().signal?.aborted).toBe(false);
  });

  it('opens no stream for content already done', async () => {
    const server = fakeServer();
    const { result } = setup(done);
    expect(result.current.done).toBe(true);
    await act(async () => {});
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('polls every 2 s when the browser has no streams, until nothing is writing', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ answers: [writing, done] });
    const streams = globalThis.ReadableStream;
    vi.stubGlobal('ReadableStream', undefined);
    const { result, onTopicsSettled } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.polling).toBe(true);
    // Put back once the hook has chosen polling: the test's own Response needs it.
    vi.stubGlobal('ReadableStream', streams);
    expect(server.eventCalls()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(server.fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(server.polls()).toBe(1);
    expect(result.current.done).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_800));
    expect(server.polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(server.polls()).toBe(2);
    expect(result.current.done).toBe(true);
    expect(onTopicsSettled).toHaveBeenCalledWith([2]);
    // Done: no more polls.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.polls()).toBe(2);
    expect(server.eventCalls()).toBe(0);
  });

  it('falls back to polling every 2 s when the stream cannot be opened', async () => {
    vi.useFakeTimers();
    const server = fakeServer({
      answers: [writing, done],
      openWith: () => jsonResponse({ message: 'Busy.', code: 'internal_error' }, 500),
    });
    const { result, onTopicsSettled } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.eventCalls()).toBe(1);
    expect(result.current.polling).toBe(true);
    // The stream is over (it failed): the content is read at once, then every 2 s.
    expect(server.polls()).toBe(1);
    expect(String(server.fetch.mock.calls.at(-1)?.[0])).toBe(CONTENT_URL);
    expect(result.current.done).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(server.polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(server.polls()).toBe(2);
    expect(result.current.done).toBe(true);
    expect(onTopicsSettled).toHaveBeenCalledWith([2]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.polls()).toBe(2);
    // Polling replaced the stream: none opened again.
    expect(server.eventCalls()).toBe(1);
  });

  it('falls back to polling when the stream breaks off', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ answers: [done] });
    const { result } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.streams).toHaveLength(1);
    await act(async () => server.stream().fail());
    expect(result.current.polling).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(result.current.done).toBe(true);
    expect(server.eventCalls()).toBe(1);
  });
});
