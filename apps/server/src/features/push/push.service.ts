import {
  PUSH_LIMITS,
  PUSH_MESSAGES,
  type PushDevice,
  type PushDeviceList,
  type PushMessage,
  type PushPublicKey,
  type PushSubscribeInput,
  pushMessageSchema,
  VALIDATION_MESSAGES,
} from '@studybuddy/contracts';
import type { PushSender } from '../../adapters/push/web-push-sender.js';
import { AppError } from '../../platform/app-error.js';
import type { JobLogger } from '../../platform/job-runner.js';
import { deviceLabel } from './device-label.js';
import type { PushDeviceRow, PushRepository, PushSubscriptionRow } from './push.repository.js';

export interface PushDeps {
  repo: PushRepository;
  /** The network: web-push in the app, a fake in service tests. */
  sender: PushSender;
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  log: JobLogger;
  now?: () => Date;
}

/** How one student's push went: devices tried, taken by their push service, gone, failed. */
export interface PushReport {
  devices: number;
  delivered: number;
  gone: number;
  failed: number;
}

const toDto = (d: PushDeviceRow): PushDevice => ({
  id: d.id,
  label: d.label,
  createdAt: d.createdAt,
  lastSuccessAt: d.lastSuccessAt,
});

/** Where a push address points, for the log: its origin only (the path is the capability). */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
};

const endpointProblem = (entry: { en: string }) =>
  AppError.validation(entry.en, [{ path: 'endpoint', message: entry.en }]);

/**
 * Push reminders (docs/product.md, Push reminders): the student's devices that subscribed, and
 * sending to all of them at once. A device whose push service says it is gone (404, 410) is
 * forgotten; any other failure is logged and leaves the other devices' pushes alone.
 */
export function createPushService(deps: PushDeps) {
  const { repo, sender, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function pushOne(
    userId: number,
    s: PushSubscriptionRow,
    body: string,
    ttlSeconds: number,
  ): Promise<'delivered' | 'gone' | 'failed'> {
    const fields = { userId, deviceId: s.id, origin: originOf(s.endpoint) };
    const outcome = await sender.send(s, body, { ttlSeconds });
    switch (outcome.kind) {
      case 'delivered':
        await repo.markSuccess(userId, s.id, now().toISOString());
        return 'delivered';
      case 'gone':
        await repo.deleteSubscription(userId, s.id);
        log.info({ event: 'push.gone', ...fields, status: outcome.status }, 'push device gone');
        return 'gone';
      case 'refused':
        log.warn(
          { event: 'push.failed', ...fields, reason: 'refused address' },
          'push not sent: the address now points where the server may not reach',
        );
        return 'failed';
      case 'failed':
        log.warn(
          { event: 'push.failed', ...fields, status: outcome.status, reason: outcome.reason },
          'push not sent',
        );
        return 'failed';
    }
  }

  return {
    /** The VAPID public key a browser subscribes with. */
    publicKey(): PushPublicKey {
      return { publicKey: deps.publicKey };
    },

    async list(userId: number): Promise<PushDeviceList> {
      return { items: (await repo.listDevices(userId)).map(toDto) };
    },

    /**
     * Subscribes a browser for the student (docs/product.md, Push reminders). Its address must
     * be https and reach no private or loopback address (docs/security.md, Push addresses);
     * unnamed, the device is named from its User-Agent.
     */
    async subscribe(
      userId: number,
      input: PushSubscribeInput,
      userAgent?: string,
    ): Promise<PushDevice> {
      const check = await sender.check(input.endpoint);
      if (check === 'invalid') throw endpointProblem(VALIDATION_MESSAGES.pushEndpointInvalid);
      if (check === 'refused') throw endpointProblem(VALIDATION_MESSAGES.pushEndpointRefused);
      const label = input.label || deviceLabel(userAgent);
      const saved = await repo.saveSubscription(
        userId,
        { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label },
        now().toISOString(),
        PUSH_LIMITS.devicesPerStudent,
      );
      log.info(
        {
          event: 'push.subscribed',
          userId,
          deviceId: saved.device.id,
          origin: originOf(input.endpoint),
          created: saved.created,
          ...(saved.movedFrom !== null ? { movedFrom: saved.movedFrom } : {}),
          ...(saved.dropped > 0 ? { dropped: saved.dropped } : {}),
        },
        'push device subscribed',
      );
      return toDto(saved.device);
    },

    /** Forgets one of the student's devices; another student's is not found. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteSubscription(userId, id)))
        throw AppError.notFound(PUSH_MESSAGES.notFound);
      log.info({ event: 'push.unsubscribed', userId, deviceId: id }, 'push device removed');
    },

    /**
     * Pushes `message` to every device of the student at once, kept by the push services for
     * `ttlSeconds` (a reminder: until its session starts). Resolves with what happened; a
     * device's failure is logged and never rejects.
     */
    async sendToStudent(
      userId: number,
      message: PushMessage,
      opts: { ttlSeconds: number },
    ): Promise<PushReport> {
      const subscriptions = await repo.listSubscriptions(userId);
      const report: PushReport = {
        devices: subscriptions.length,
        delivered: 0,
        gone: 0,
        failed: 0,
      };
      if (subscriptions.length === 0) return report;
      // Only these four fields leave the server, whatever the caller's object holds.
      const body = JSON.stringify(pushMessageSchema.parse(message));
      const outcomes = await Promise.all(
        subscriptions.map((s) =>
          pushOne(userId, s, body, opts.ttlSeconds).catch((error: unknown) => {
            log.warn(
              {
                event: 'push.failed',
                userId,
                deviceId: s.id,
                origin: originOf(s.endpoint),
                reason: error instanceof Error ? error.name : 'error',
              },
              'push not recorded',
            );
            return 'failed' as const;
          }),
        ),
      );
      for (const o of outcomes) report[o]++;
      return report;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
