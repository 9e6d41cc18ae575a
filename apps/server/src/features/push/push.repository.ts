import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A device of the student's as the list shows it: never its push address or keys. */
export interface PushDeviceRow {
  id: number;
  label: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** A device with what a push to it needs. */
export interface PushSubscriptionRow extends PushDeviceRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string | null;
}

/** What saving a subscription did. */
export interface SavedPushSubscription {
  device: PushDeviceRow;
  /** False when the student had this browser already (its keys and name renewed). */
  created: boolean;
  /** The other student this browser was subscribed for, whose row went. */
  movedFrom: number | null;
  /** The student's devices dropped to keep them within the cap. */
  dropped: number;
}

const DEVICE_COLUMNS = ['id', 'label', 'createdAt', 'lastSuccessAt'] as const;

/**
 * The students' push subscriptions (docs/product.md, Push reminders). Every query is scoped by
 * the student's id, save the one look by address that moves a browser to whoever subscribes it.
 */
export function createPushRepository(db: Kysely<Database>) {
  return {
    /** The student's devices, oldest first. */
    listDevices(userId: number): Promise<PushDeviceRow[]> {
      return db
        .selectFrom('pushSubscriptions')
        .select(DEVICE_COLUMNS)
        .where('userId', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The student's devices with their addresses and keys, to push to. */
    listSubscriptions(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .selectFrom('pushSubscriptions')
        .select([...DEVICE_COLUMNS, 'endpoint', 'p256dh', 'auth'])
        .where('userId', '=', userId)
        .orderBy('id')
        .execute();
    },

    /**
     * Saves a browser's subscription for the student, in one transaction: the student's own row
     * of this address gets the new keys and name; another student's row of it goes (a browser
     * profile is whoever signed in on it last) and a new row is made. Then, past `cap` devices,
     * those heard of least lately (last success, else subscription) are dropped.
     */
    saveSubscription(
      userId: number,
      s: NewPushSubscription,
      now: string,
      cap: number,
    ): Promise<SavedPushSubscription> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('pushSubscriptions')
          .select(['id', 'userId'])
          .where('endpoint', '=', s.endpoint)
          .executeTakeFirst();
        if (existing?.userId === userId) {
          const device = await trx
            .updateTable('pushSubscriptions')
            .set({ p256dh: s.p256dh, auth: s.auth, label: s.label })
            .where('id', '=', existing.id)
            .where('userId', '=', userId)
            .returning(DEVICE_COLUMNS)
            .executeTakeFirstOrThrow();
          return { device, created: false, movedFrom: null, dropped: 0 };
        }
        if (existing)
          await trx.deleteFrom('pushSubscriptions').where('id', '=', existing.id).execute();
        const device = await trx
          .insertInto('pushSubscriptions')
          .values({ userId, ...s, createdAt: now, lastSuccessAt: null })
          // Subscribed meanwhile by another request: the last to save takes the address.
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({
              userId,
              p256dh: s.p256dh,
              auth: s.auth,
              label: s.label,
              createdAt: now,
              lastSuccessAt: null,
            }),
          )
          .returning(DEVICE_COLUMNS)
          .executeTakeFirstOrThrow();
        const others = await trx
          .selectFrom('pushSubscriptions')
          .select(['id', 'createdAt', 'lastSuccessAt'])
          .where('userId', '=', userId)
          .where('id', '!=', device.id)
          .execute();
        const heard = (d: { createdAt: string; lastSuccessAt: string | null }) =>
          d.lastSuccessAt ?? d.createdAt;
        const drop = others
          .sort((a, b) => heard(b).localeCompare(heard(a)) || b.id - a.id)
          .slice(Math.max(0, cap - 1))
          .map((d) => d.id);
        if (drop.length > 0)
          await trx
            .deleteFrom('pushSubscriptions')
            .where('userId', '=', userId)
            .where('id', 'in', drop)
            .execute();
        return {
          device,
          created: true,
          movedFrom: existing ? existing.userId : null,
          dropped: drop.length,
        };
      });
    },

    /** Deletes one of the student's devices; false when it is not theirs (or gone). */
    async deleteSubscription(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('pushSubscriptions')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** The push service took a push for the device. */
    async markSuccess(userId: number, id: number, now: string): Promise<void> {
      await db
        .updateTable('pushSubscriptions')
        .set({ lastSuccessAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .execute();
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
