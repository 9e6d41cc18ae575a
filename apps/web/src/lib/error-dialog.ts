/**
 * The generic API error dialog's state, outside React so the query and mutation caches can open
 * it (docs/architecture.md: caches open the dialog unless a query handles its own errors).
 */
let current: unknown = null;
let has = false;
const listeners = new Set<() => void>();

export interface ErrorDialogSnapshot {
  open: boolean;
  error: unknown;
}
let snapshot: ErrorDialogSnapshot = { open: false, error: null };

function emit() {
  snapshot = { open: has, error: current };
  for (const l of listeners) l();
}

export function showApiError(error: unknown): void {
  current = error;
  has = true;
  emit();
}

export function dismissApiError(): void {
  current = null;
  has = false;
  emit();
}

export function getErrorDialog(): ErrorDialogSnapshot {
  return snapshot;
}

export function subscribeErrorDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
