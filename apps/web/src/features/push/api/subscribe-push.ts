import { pushEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyBytes, storePushDeviceId } from '@/lib/browser-push';
import { pushKeys } from './keys';

/** Why this browser could not be subscribed, as the card explains it. */
export class PushRefused extends Error {
  override readonly name = 'PushRefused';
  constructor(readonly reason: 'denied' | 'failed') {
    super(reason);
  }
}

/**
 * Subscribes this browser: asks for the notification permission, subscribes through the
 * service worker with the server's VAPID key, then posts the subscription (POST
 * /api/push/subscriptions) and keeps the device id it got back.
 */
export async function subscribeThisBrowser() {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('denied');
  const { publicKey } = await apiRequest(pushEndpoints.publicKey);
  const registration = await navigator.serviceWorker.ready;
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    // The browser's push service could not be reached or refused (no signal, a browser
    // without one): nothing was stored.
    throw new PushRefused('failed');
  }
  const json = subscription.toJSON();
  const device = await apiRequest(pushEndpoints.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  storePushDeviceId(device.id);
  return device;
}

export function useSubscribePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisBrowser,
    // The server's list and this browser's subscription both change.
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
