import {
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
  /** Extra request headers (an action sent later carries its Idempotency-Key). */
  headers?: Record<string, string>;
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
  accept = 'application/json',
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Accept: accept };
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
  const headerId = response.headers.get('x-request-id') ?? undefined;
  if (parsed.success) {
    const { message, code, details, requestId } = parsed.data;
    return new ApiError(response.status, code, message, details, requestId ?? headerId);
  }
  // No error body from our server (a proxy page, an empty 502...): no message of its own, so
  // each screen shows its fallback text (docs/product.md, Errors), not the bare HTTP status.
  return new ApiError(response.status, `http_${response.status}`, '', undefined, headerId);
}

function withQuery(path: string, query: RequestOptions<Endpoint>['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

let refreshing: Promise<boolean> | null = null;
let unreachable = false;

/**
 * Whether the last refresh failed for want of the server (no network, or a proxy's 5xx while
 * it is down) rather than by its refusal: the app then opens offline with the kept copy instead
 * of logging the student out.
 */
export const lastRefreshUnreachable = () => unreachable;

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
      const { authEndpoints } = await import('./refresh-endpoint');
      const auth = await acrossTabs(() => apiRequest(authEndpoints.refresh, { auth: false }));
      unreachable = false;
      startSession(auth);
      return true;
    } catch (error) {
      unreachable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Sends one request and returns its 2xx answer: on a 401 (with `auth`) refreshes the session
 * once and retries, and a second 401 ends the session; anything else but 2xx throws ApiError.
 */
export async function sendChecked(
  method: Endpoint['method'],
  url: string,
  body: unknown,
  auth: boolean,
  signal: AbortSignal | undefined,
  accept?: string,
  headers?: Record<string, string>,
): Promise<Response> {
  let response = await send(method, url, body, auth, signal, accept, headers);
  if (response.status === 401 && auth) {
    if (await refreshSession()) {
      response = await send(method, url, body, auth, signal, accept, headers);
    }
    if (response.status === 401) {
      const error = await toApiError(response);
      expireSession();
      throw error;
    }
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls one endpoint of the contracts: adds the XSRF and Bearer headers, parses the JSON answer
 * with the endpoint's response schema and throws ApiError on anything but 2xx.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<z.output<E['response']>> {
  const { params, query, formData, auth = true, signal, headers } = options;
  const body: unknown = formData ?? options.body;
  const url = withQuery(pathOf(endpoint.path, params), query);
  const response = await sendChecked(endpoint.method, url, body, auth, signal, undefined, headers);
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

/** A file the server sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  /** The name from the content-disposition header; null when it gave none. */
  fileName: string | null;
}

/**
 * The file name of a content-disposition header (RFC 6266): `filename*=UTF-8''...` first (it
 * keeps "Φυσική.ics"), else `filename="..."`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)''([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'));
      if (name) return name;
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Fetches a file from one endpoint of the contracts (a download, not JSON): the same Bearer
 * token, 401 refresh and ApiError as apiRequest, the body as a Blob and the server's file name.
 */
export async function apiDownload<E extends Endpoint>(
  endpoint: E,
  options: Pick<RequestOptions<E>, 'params' | 'query' | 'signal'> & { accept?: string } = {},
): Promise<DownloadedFile> {
  const { params, query, signal, accept = '*/*' } = options;
  const url = withQuery(pathOf(endpoint.path, params), query);
  const response = await sendChecked(endpoint.method, url, undefined, true, signal, accept);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}
