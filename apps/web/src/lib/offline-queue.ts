import { type Endpoint, flashcardEndpoints, livingPlanEndpoints } from '@studybuddy/contracts';
import { clear, del, entries, set, type UseStore } from 'idb-keyval';
import type { z } from 'zod';
import { apiRequest } from './api-client';
import { ApiError, isApiError } from './api-error';
import { idbStore } from './idb-store';

/**
 * What the student does with no signal, kept on the device until it can be sent
 * (docs/architecture.md, The phone): flashcard reviews and check-ins, in IndexedDB, sent in the
 * order they were made, each with its own Idempotency-Key, so a send the server took but whose
 * answer was lost is not counted twice. A refusal (the session was deleted meanwhile, the card
 * is gone) becomes a conflict the student sees; the rest goes through.
 */

/** The actions that can wait for the signal, and the endpoint each is sent to. */
const ENDPOINTS = {
  'flashcard-review': flashcardEndpoints.review,
  'check-in': livingPlanEndpoints.checkIn,
} satisfies Record<string, Endpoint>;
export type QueuedKind = keyof typeof ENDPOINTS;

export interface QueuedAction {
  /** The Idempotency-Key it is sent with, made once when the action was. */
  key: string;
  kind: QueuedKind;
  userId: number;
  /** The path's id (the card's, the session's). */
  id: number;
  body: unknown;
  /** When the student did it (ms): the order of sending. */
  madeAt: number;
  /** What it was about, in words, for a conflict ("Genetics, Sat 5 Dec"). */
  what: string;
}

/** An action the server refused: said once to the student, then dismissed. */
export interface QueueConflict {
  key: string;
  kind: QueuedKind;
  what: string;
  /** The server's error code (translated as errors.<code>) and its message, the fallback. */
  code: string;
  message: string;
}

export interface QueueState {
  waiting: number;
  conflicts: QueueConflict[];
}

const { store, quietly } = idbStore('studybuddy-queue', 'actions');

let lastMadeAt = 0;
/** Now, but after the last action kept: two in one millisecond keep the order they were made. */
function nextMadeAt(): number {
  lastMadeAt = Math.max(Date.now(), lastMadeAt + 1);
  return lastMadeAt;
}

/** Sorts as the actions were made (the time, unique per page), then the key. */
const slot = (a: QueuedAction) => `${String(a.madeAt).padStart(15, '0')}:${a.key}`;

let state: QueueState = { waiting: 0, conflicts: [] };
const listeners = new Set<() => void>();
function setState(next: Partial<QueueState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}
export const getQueueState = () => state;
export function subscribeQueueState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const flushedListeners = new Set<() => void>();
/** Called after a send that changed something on the server (the app reads its data again). */
export function onQueueFlushed(listener: () => void): () => void {
  flushedListeners.add(listener);
  return () => flushedListeners.delete(listener);
}

async function readAll(s: UseStore): Promise<QueuedAction[]> {
  const all = (await entries<string, QueuedAction>(s)).sort(([a], [b]) => a.localeCompare(b));
  return all.map(([, action]) => action);
}

/** The student's actions waiting, in order (an empty list where there is no IndexedDB). */
export function waitingActions(userId: number): Promise<QueuedAction[]> {
  return quietly(async (s) => (await readAll(s)).filter((a) => a.userId === userId), []);
}

async function refreshWaiting(userId: number | null) {
  setState({ waiting: userId === null ? 0 : (await waitingActions(userId)).length });
}

type Answer<K extends QueuedKind> = z.output<(typeof ENDPOINTS)[K]['response']>;

/**
 * Sends an action now, or keeps it for later when there is no signal (the browser says so, or
 * no answer came): resolves with the server's answer, or null when it was kept. `later` is the
 * body to keep, when it differs (a review kept carries the time it was made); the kept action
 * reuses the key of a send that got no answer, in case the server took it.
 */
export async function sendOrQueue<K extends QueuedKind>(action: {
  kind: K;
  id: number;
  body: unknown;
  later?: unknown;
  what: string;
  /** Whose it is; null (no one signed in here): sent at once, never kept. */
  userId: number | null;
}): Promise<Answer<K> | null> {
  const key = crypto.randomUUID();
  const { userId } = action;
  const keep = async () => {
    if (userId === null) throw new ApiError(0, 'network_error', 'No connection.');
    const s = store();
    if (!s) throw new Error('This browser cannot keep changes made offline.');
    const { later, ...rest } = action;
    const full: QueuedAction = {
      ...rest,
      userId,
      body: later ?? action.body,
      key,
      madeAt: nextMadeAt(),
    };
    await set(slot(full), full, s);
    await refreshWaiting(userId);
    return null;
  };
  if (navigator.onLine === false) return keep();
  try {
    return (await apiRequest(ENDPOINTS[action.kind] as Endpoint, {
      params: { id: action.id },
      body: action.body as never,
      headers: { 'Idempotency-Key': key },
    })) as Answer<K>;
  } catch (error) {
    if (isApiError(error) && error.status === 0) return keep();
    throw error;
  }
}

/**
 * Answers that say "not now" rather than "no" to the action itself: no answer or a server error,
 * the session ended (401: the student signs in again and it goes then), a request timeout, one
 * in progress under the same key (409) and too many requests (429). These keep it for later.
 */
const NOT_NOW = new Set([0, 401, 408, 409, 429]);
const noAnswer = (error: unknown) =>
  !isApiError(error) || NOT_NOW.has(error.status) || error.status >= 500;

let flushing: Promise<void> | null = null;

/**
 * Sends the student's waiting actions in order, each with its key. A refusal becomes a
 * conflict and the next is sent; no answer stops here until the next try (the signal's return,
 * the next start).
 */
export function flushQueue(userId: number): Promise<void> {
  flushing ??= (async () => {
    const s = store();
    if (!s) return;
    let changed = false;
    try {
      for (const action of await waitingActions(userId)) {
        try {
          await apiRequest(ENDPOINTS[action.kind] as Endpoint, {
            params: { id: action.id },
            body: action.body as never,
            headers: { 'Idempotency-Key': action.key },
          });
          changed = true;
        } catch (error) {
          if (noAnswer(error)) break;
          const code = isApiError(error) ? error.code : 'unknown';
          const message = error instanceof Error ? error.message : '';
          const conflict = { key: action.key, kind: action.kind, what: action.what, code, message };
          setState({ conflicts: [...state.conflicts, conflict] });
        }
        await del(slot(action), s);
      }
    } catch {
      // IndexedDB failed mid-way: what is left waits for the next try.
    } finally {
      await refreshWaiting(userId);
      flushing = null;
    }
    if (changed) for (const l of flushedListeners) l();
  })();
  return flushing;
}

/** The student read a conflict: it goes. */
export function dismissConflict(key: string): void {
  setState({ conflicts: state.conflicts.filter((c) => c.key !== key) });
}

/** Forgets another student's actions on this browser (a login), and says what is waiting. */
export async function keepOnlyActionsOf(userId: number): Promise<void> {
  // IndexedDB absent or blocked: nothing is sent for another student either.
  await quietly(async (s) => {
    for (const a of await readAll(s)) if (a.userId !== userId) await del(slot(a), s);
  }, undefined);
  setState({ conflicts: [] });
  await refreshWaiting(userId);
}

/** Deletes every waiting action (log out: nothing of the student stays on the device). */
export async function clearQueue(): Promise<void> {
  setState({ waiting: 0, conflicts: [] });
  await quietly((s) => clear(s), undefined);
}
