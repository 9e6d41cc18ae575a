import { pushEndpoints } from '@studybuddy/contracts';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiRequest } from './api-client';
import { local } from './storage';

/**
 * This browser's side of push reminders (docs/product.md, Push reminders): the Push API through
 * the service worker's registration, and the device id the server gave it.
 */

/** Whether this browser can receive pushes at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription, if it has one (null where push is not supported). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The device id the server gave this browser's subscription, if it subscribed here. */
export function storedPushDeviceId(): number | null {
  const id = Number(local.get(STORAGE_KEYS.pushDeviceId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function storePushDeviceId(id: number | null): void {
  if (id === null) local.remove(STORAGE_KEYS.pushDeviceId);
  else local.set(STORAGE_KEYS.pushDeviceId, String(id));
}

/**
 * Stops this browser's pushes (log out, "Turn off on this device"): the server forgets the
 * device and the browser drops its subscription, so the next student on a shared phone gets no
 * reminder of the last one's. Best effort: a failure on either side is left to the push
 * service's 404/410, which removes the device at the next push.
 */
export async function stopThisBrowsersPush(): Promise<void> {
  const id = storedPushDeviceId();
  storePushDeviceId(null);
  await Promise.allSettled([
    id === null ? Promise.resolve() : apiRequest(pushEndpoints.remove, { params: { id } }),
    currentPushSubscription().then((s) => s?.unsubscribe()),
  ]);
}
