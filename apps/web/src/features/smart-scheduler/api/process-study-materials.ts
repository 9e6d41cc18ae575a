import {
  errorBodySchema,
  type Proposal,
  proposalSchema,
  smartSchedulerEndpoints,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@studybuddy/contracts';
import { ensureXsrfCookie, refreshSession } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { readCookie } from '@/lib/cookies';
import { expireSession, getAccessToken } from '@/lib/session';

export interface ProcessOptions {
  /** Share of the body sent so far, 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  statusText: string;
  text: string;
}

/**
 * One XMLHttpRequest, because fetch cannot report upload progress. It sends the headers the
 * API client sends: the XSRF token from its cookie and the Bearer token.
 */
function send(form: FormData, { onUploadProgress, signal }: ProcessOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(smartSchedulerEndpoints.process.method, smartSchedulerEndpoints.process.path);
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploadProgress?.(1);
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The server cannot be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/ai/ProcessStudyMaterials (multipart, docs/product.md, API). Resolves with the draft
 * proposal; rejects with ApiError (400 naming the broken part, 413 when too large). Like the API
 * client, an expired access token is refreshed once and the request sent again.
 */
export async function processStudyMaterials(
  form: FormData,
  options: ProcessOptions = {},
): Promise<Proposal> {
  await ensureXsrfCookie();
  let response = await send(form, options);
  if (response.status === 401) {
    if (await refreshSession()) response = await send(form, options);
  }
  const body = parseJson(response.text);
  if (response.status < 200 || response.status >= 300) {
    const parsed = errorBodySchema.safeParse(body);
    const error = parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.details)
      : new ApiError(response.status, `http_${response.status}`, response.statusText);
    if (response.status === 401) expireSession();
    throw error;
  }
  const parsed = proposalSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an answer the app does not understand.',
      parsed.error.issues,
    );
  }
  return parsed.data;
}
