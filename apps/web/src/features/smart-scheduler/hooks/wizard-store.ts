import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { getSession, subscribeSession } from '@/lib/session';
import { session } from '@/lib/storage';
import { localToday } from '../utils/dates';
import { initialWizardState, type WizardState } from '../utils/wizard-state';

/**
 * The wizard's inputs outlive the wizard screen, so Regenerate on the review screen returns to
 * them (docs/product.md, Behaviour). They live in this module; a copy without the files goes to
 * session storage so a reload keeps them too. File objects cannot be stored, so they stay in
 * memory only (a reload asks for them again).
 */
let state: WizardState | null = null;
const listeners = new Set<() => void>();

type StoredSubject = Omit<WizardState['subjects'][number], 'files'>;
type Missing = NonNullable<StoredSubject['missingFiles']>;
type StoredState = Omit<WizardState, 'subjects'> & { subjects: StoredSubject[] };

function load(): WizardState {
  const raw = session.get(STORAGE_KEYS.smartSchedulerWizard);
  if (raw) {
    try {
      const stored = JSON.parse(raw) as StoredState;
      const fresh = initialWizardState(localToday());
      return {
        ...fresh,
        ...stored,
        period: { ...fresh.period, ...stored.period },
        availability: { ...fresh.availability, ...stored.availability },
        subjects: (stored.subjects ?? []).map((s) => ({
          ...s,
          hoursNeeded: s.hoursNeeded ?? '',
          weeklyHours: s.weeklyHours ?? '',
          files: [],
          missingFiles: s.missingFiles?.length ? s.missingFiles : undefined,
        })),
      };
    } catch {
      // An unreadable copy is dropped and the wizard starts over.
    }
  }
  return initialWizardState(localToday());
}

function save(next: WizardState) {
  const stored: StoredState = {
    ...next,
    // The names and sizes of the files go along, so a reload can ask for them again.
    subjects: next.subjects.map(({ files, missingFiles, ...rest }) => {
      const all: Missing = [
        ...(missingFiles ?? []),
        ...files.map((f) => ({ name: f.name, size: f.size })),
      ];
      return all.length > 0 ? { ...rest, missingFiles: all } : rest;
    }),
  };
  session.set(STORAGE_KEYS.smartSchedulerWizard, JSON.stringify(stored));
}

function emit() {
  for (const listener of listeners) listener();
}

export const wizardStore = {
  get(): WizardState {
    state ??= load();
    return state;
  },
  /** Replaces the state (or updates it from the current one) and keeps the stored copy. */
  set(next: WizardState | ((current: WizardState) => WizardState)): void {
    state = typeof next === 'function' ? next(wizardStore.get()) : next;
    save(state);
    emit();
  },
  /** Forgets every input: the next visit starts a new wizard. */
  reset(): void {
    state = null;
    session.remove(STORAGE_KEYS.smartSchedulerWizard);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another student may sign in on this tab: the files in memory must not outlive a logout.
subscribeSession(() => {
  if (!getSession().isLoggedIn && state) {
    state = null;
    emit();
  }
});

/** The wizard's state and its setter, shared by every component that uses it. */
export function useWizardState(): [WizardState, typeof wizardStore.set] {
  const current = useSyncExternalStore(wizardStore.subscribe, wizardStore.get, wizardStore.get);
  return [current, wizardStore.set];
}
