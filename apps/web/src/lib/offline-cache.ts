import { type CurrentUser, currentUserSchema } from '@studybuddy/contracts';
import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { clear, get, set } from 'idb-keyval';
import { idbStore } from './idb-store';

/**
 * The offline copy of the student's study data (docs/architecture.md, The phone): the answers
 * of the reading queries, kept in IndexedDB per student so the app opens with no signal and
 * shows what was last synced. Built on TanStack Query's own dehydrate/hydrate; the persist
 * plugins pin an older query-core, which would ship a second copy of it.
 *
 * What is kept: only successful answers of the query roots below (plans, sessions, lessons,
 * cards...), never a token, never the admin's or the assistant's. Log out deletes all of it;
 * another student's login deletes the previous student's copy first.
 */

/** Query-key roots whose answers are kept for reading offline. */
const KEPT_ROOTS: ReadonlySet<string> = new Set([
  'plans',
  'study-sessions',
  'subjects',
  'topics',
  'lessons',
  'flashcards',
  'progress',
  'living-plan',
  'busy-times',
  'calendars',
  'profile',
  'notifications',
  'quizzes',
]);

/** A copy older than this is not shown: a fortnight-old plan would mislead more than help. */
export const OFFLINE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Writes are gathered: a screen settling a dozen queries writes once. */
const WRITE_DELAY_MS = 1000;
/**
 * Bumped when a cached answer's shape changes in a way an older copy would break: a copy of
 * another version is dropped, not hydrated.
 */
const FORMAT = 1;

interface SavedCopy {
  format: number;
  userId: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const kv = idbStore('studybuddy-offline', 'kv');

const copyKey = (userId: number) => `copy:${userId}`;
const USER_KEY = 'user';

const quietly = kv.quietly;

const kept = (query: Query) =>
  query.state.status === 'success' && KEPT_ROOTS.has(String(query.queryKey[0]));

/** When the newest kept answer arrived (ms), or null with none: "last synced at". */
function newestAnswer(client: QueryClient): number | null {
  let newest = 0;
  for (const q of client.getQueryCache().getAll())
    if (kept(q)) newest = Math.max(newest, q.state.dataUpdatedAt);
  return newest > 0 ? newest : null;
}

let syncedAt: number | null = null;
const listeners = new Set<() => void>();
function setSyncedAt(value: number | null) {
  if (value === syncedAt) return;
  syncedAt = value;
  for (const l of listeners) l();
}
/** When the study data shown was last read from the server (ms), or null. */
export const getSyncedAt = () => syncedAt;
export function subscribeSyncedAt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The student this browser last signed in as, for opening the app with no signal. */
export function readOfflineUser(): Promise<CurrentUser | null> {
  return quietly(async (s) => {
    const parsed = currentUserSchema.safeParse(await get(USER_KEY, s));
    return parsed.success ? parsed.data : null;
  }, null);
}

/**
 * Starts keeping the student's copy: any other student's copy is deleted first (a shared
 * phone); with `restore`, the kept copy is put into the cache where the cache has nothing newer;
 * and from then on each settled answer is written (gathered, once a second). Resolves, once the
 * copy is in the cache, with a function that stops the writing.
 *
 * Restore only with no server to ask: online the screens read the server anyway, and a form
 * filled from a copy a moment older than the last save (a write is gathered, a reload can cut
 * it short) would show the old values and keep them when the fresh answer came.
 */
export async function keepOfflineCopy(
  client: QueryClient,
  user: CurrentUser,
  { restore = true }: { restore?: boolean } = {},
): Promise<() => void> {
  const saved = await quietly(async (s) => {
    const previous = currentUserSchema.safeParse(await get(USER_KEY, s));
    if (previous.success && previous.data.id !== user.id) await clear(s);
    await set(USER_KEY, user, s);
    return (await get(copyKey(user.id), s)) as SavedCopy | undefined;
  }, undefined);
  if (
    restore &&
    saved?.format === FORMAT &&
    saved.userId === user.id &&
    Date.now() - saved.savedAt < OFFLINE_MAX_AGE_MS
  ) {
    // hydrate keeps a query's answer when the cache's own is newer.
    hydrate(client, saved.state);
    // Shown at once, and read again by the first screen that uses it: the copy may be seconds
    // older than the last change (a write is gathered, and a navigation can cut it short).
    for (const { queryKey } of saved.state.queries)
      client.getQueryCache().find({ queryKey, exact: true })?.invalidate();
  }
  setSyncedAt(newestAnswer(client));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const write = () => {
    timer = undefined;
    if (stopped) return;
    const state = dehydrate(client, { shouldDehydrateQuery: kept });
    const copy: SavedCopy = { format: FORMAT, userId: user.id, savedAt: Date.now(), state };
    setSyncedAt(newestAnswer(client));
    void quietly((s) => set(copyKey(user.id), copy, s), undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!KEPT_ROOTS.has(String(event.query.queryKey[0]))) return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  // A write still gathering when the page goes is made at once (IndexedDB may finish it).
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    if (timer) clearTimeout(timer);
  };
}

/**
 * Deletes every student's copy, the remembered student and the actions waiting to be sent (log
 * out, an ended session): nothing of the student stays on the device.
 */
export async function clearOfflineData(): Promise<void> {
  setSyncedAt(null);
  // The queue's code (and the endpoints it sends to) loads only when there is one to clear:
  // the first screen of a visitor does not download it.
  await Promise.all([
    quietly((s) => clear(s), undefined),
    import('./offline-queue').then((q) => q.clearQueue()),
  ]);
}
