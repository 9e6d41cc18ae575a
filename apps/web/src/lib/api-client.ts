import {
  authEndpoints,
  type Endpoint,
  errorBodySchema,
  pathOf,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { readCookie } from './cookies';
import { expireSession, getAccessToken, startSession } from './session';

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

export interface RequestOptions<E extends Endpoint> {
  body?: BodyOf<E>;
  /** Values for `:name` segments of the endpoint path. */
  params?: Record<string, string | number>;
  /** Query-string values (`/subjects?planId=1`). */
  query?: Record<string, string | number>;
  /**
   * A multipart body for endpoints whose contract has no JSON body (uploads). The browser sets
   * the Content-Type with its boundary, so none is set here.
   */
  formData?: FormData;
  /**
   * Sends the Bearer token and, on a 401, refreshes the session once and retries. Off for the
   * calls that establish a session (login, register, refresh) and for the health probe.
   */
  auth?: boolean;
  signal?: AbortSignal;
}

const HEALTH_PATH = '/api/health';

/** Makes sure the XSRF-TOKEN cookie exists; the server hands it out on any response. */
export async function ensureXsrfCookie(): Promise<void> {
  if (readCookie(XSRF_COOKIE)) return;
  await fetch(HEALTH_PATH, { credentials: 'same-origin' }).catch(() => undefined);
}

async function send(
  method: Endpoint['method'],
  url: string,
  body: unknown,
  withToken: boolean,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    await ensureXsrfCookie();
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  const token = withToken ? getAccessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const raw = await readJson(response);
  const parsed = errorBodySchema.safeParse(raw);
  if (parsed.success) {
    const { message, code, details } = parsed.data;
    return new ApiError(response.status, code, message, details);
  }
  // No error body from our server (a proxy page, an empty 502...): no message of its own, so
  // each screen shows its fallback text (docs/product.md, Errors), not the bare HTTP status.
  return new ApiError(response.status, `http_${response.status}`, '');
}

function withQuery(path: string, query: RequestOptions<Endpoint>['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Runs one refresh at a time across every tab of this browser (Web Locks): the cookie is
 * shared, so a tab that waits sends the cookie the previous tab just rotated, instead of the
 * old one the server would take for a stolen copy.
 */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('studybuddy-refresh', task) as Promise<T>) : task();
}

/**
 * Asks for a new access token from the HttpOnly refresh cookie. Concurrent callers share one
 * request, because the server rotates the cookie and a second parallel refresh would fail.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const auth = await acrossTabs(() => apiRequest(authEndpoints.refresh, { auth: false }));
      startSession(auth);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Calls one endpoint of the contracts: adds the XSRF and Bearer headers, parses the JSON answer
 * with the endpoint's response schema and throws ApiError on anything but 2xx.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<z.output<E['response']>> {
  const { params, query, formData, auth = true, signal } = options;
  const body: unknown = formData ?? options.body;
  const url = withQuery(pathOf(endpoint.path, params), query);
  let response = await send(endpoint.method, url, body, auth, signal);
  if (response.status === 401 && auth) {
    if (await refreshSession()) {
      response = await send(endpoint.method, url, body, auth, signal);
    }
    if (response.status === 401) {
      const error = await toApiError(response);
      expireSession();
      throw error;
    }
  }
  if (!response.ok) throw await toApiError(response);
  const data = await readJson(response);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an answer the app does not understand.',
      parsed.error.issues,
    );
  }
  return parsed.data as z.output<E['response']>;
}
