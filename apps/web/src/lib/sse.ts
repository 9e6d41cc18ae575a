import { type Endpoint, errorBodySchema, pathOf, replyDeltaSchema } from '@studybuddy/contracts';
import { createParser } from 'eventsource-parser';
import type { z } from 'zod';
import { sendChecked } from './api-client';
import { ApiError } from './api-error';

/**
 * Server-Sent Events, the one place that parses them (eventsource-parser). Streamed replies
 * (the assistant, the lesson helper) answer `Accept: text/event-stream` (apps/server/README.md,
 * Streaming replies) with `delta` events with `{ text }` as the reply is written, then one
 * `done` with the JSON answer, or `error` with `{ message, code }`. `followEvents` reads a GET
 * stream of whole answers (a plan's content as it is written).
 */

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

export interface StreamOptions<E extends Endpoint> {
  body: BodyOf<E>;
  /** Values for `:name` segments of the endpoint path. */
  params?: Record<string, string | number>;
  /** Aborts the request (the Stop button); the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Each new piece of the reply, in order, as the server sends it. */
  onDelta: (text: string) => void;
}

/** Calls `onEvent` with each event of an SSE body until it ends. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const parser = createParser({ onEvent: (e) => onEvent(e.event ?? 'message', e.data) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

/** A request as the API client sends it (its headers, a refresh on a 401), asking for SSE. */
function open(url: string, body: unknown, signal: AbortSignal | undefined) {
  return sendChecked(
    body === undefined ? 'GET' : 'POST',
    url,
    body,
    true,
    signal,
    'text/event-stream',
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function answerOf<E extends Endpoint>(endpoint: E, data: unknown, status: number) {
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      status,
      'invalid_response',
      'The server sent an answer the app does not understand.',
      parsed.error.issues,
    );
  }
  return parsed.data as z.output<E['response']>;
}

/**
 * POSTs to a streaming endpoint and resolves with its final answer (the `done` event, parsed
 * with the endpoint's response schema), passing each delta to `onDelta` on the way. Refreshes
 * the session once on a 401 and throws ApiError as `apiRequest` does.
 */
export async function apiStream<E extends Endpoint>(
  endpoint: E,
  options: StreamOptions<E>,
): Promise<z.output<E['response']>> {
  const { body, params, signal, onDelta } = options;
  const response = await open(pathOf(endpoint.path, params), body, signal);
  // A server (or proxy) that answers JSON instead: the whole reply at once.
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body)
    return answerOf(endpoint, parseJson(await response.text()), response.status);

  let done: { data: unknown } | undefined;
  let failure: ApiError | undefined;
  await readEvents(response.body, (event, data) => {
    if (done || failure) return;
    if (event === 'delta') {
      const delta = replyDeltaSchema.safeParse(parseJson(data));
      if (delta.success) onDelta(delta.data.text);
    } else if (event === 'done') {
      done = { data: parseJson(data) };
    } else if (event === 'error') {
      const error = errorBodySchema.safeParse(parseJson(data));
      failure = error.success
        ? new ApiError(500, error.data.code, error.data.message)
        : new ApiError(500, 'internal_error', '');
    }
  });
  if (failure) throw failure;
  if (!done) throw new ApiError(0, 'network_error', 'The reply ended before it was complete.');
  return answerOf(endpoint, done.data, response.status);
}

/**
 * Follows a GET event stream (e.g. a plan's content as it is written): each event whose data
 * the endpoint's response schema accepts goes to `onData`, until the server ends the stream or
 * `signal` aborts. Throws ApiError when the stream cannot be opened.
 */
export async function followEvents<E extends Endpoint>(
  endpoint: E,
  options: {
    params?: Record<string, string | number>;
    signal?: AbortSignal;
    onData: (data: z.output<E['response']>) => void;
  },
): Promise<void> {
  const response = await open(pathOf(endpoint.path, options.params), undefined, options.signal);
  if (!response.body) throw new ApiError(0, 'network_error', 'The stream has no body.');
  await readEvents(response.body, (_event, data) => {
    const parsed = endpoint.response.safeParse(parseJson(data));
    if (parsed.success) options.onData(parsed.data as z.output<E['response']>);
  });
}
