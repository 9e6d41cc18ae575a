import { healthEndpoints, type ServerReadiness } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { recentCheck } from './recent-check.js';

/** How long one database check answers the probes: a second's delay to see an outage. */
const DATABASE_CHECK_MS = 1_000;

export interface HealthRoutesOptions {
  isDatabaseUp: () => Promise<boolean>;
  /** Migrations of this version not yet run; throws when the database cannot say. */
  pendingMigrations: () => Promise<number>;
}

/**
 * Three probes: `/api/health` (the database, as before), `/api/health/live` (the process alone:
 * a supervisor restarting the app for a database outage would only add restarts to it) and
 * `/api/health/ready` (the database answers and is migrated: a load balancer sends traffic).
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthRoutesOptions): Promise<void> {
  const tags = ['health'];
  const isDatabaseUp = recentCheck(opts.isDatabaseUp, DATABASE_CHECK_MS);
  route(app, healthEndpoints.get, { public: true, tags }, async (_req, reply) => {
    const up = await isDatabaseUp();
    // 503 tells a load balancer to look elsewhere while the database is unreachable.
    if (!up) reply.status(503);
    return up
      ? { status: 'ok' as const, database: 'up' as const }
      : { status: 'degraded' as const, database: 'down' as const };
  });

  route(app, healthEndpoints.live, { public: true, tags }, async () => ({ status: 'ok' as const }));

  // Once migrated, always migrated for this version: later probes ask the database alone.
  let migrated = false;
  route(app, healthEndpoints.ready, { public: true, tags }, async (_req, reply) => {
    const database = (await isDatabaseUp()) ? 'up' : 'down';
    let migrations: ServerReadiness['migrations'] = migrated ? 'done' : 'unknown';
    if (database === 'up' && !migrated) {
      try {
        migrated = (await opts.pendingMigrations()) === 0;
        migrations = migrated ? 'done' : 'pending';
      } catch {
        migrations = 'unknown';
      }
    }
    const ready = database === 'up' && migrations === 'done';
    if (!ready) reply.status(503);
    return {
      status: ready ? 'ready' : 'not-ready',
      database,
      migrations,
    } satisfies ServerReadiness;
  });
}
