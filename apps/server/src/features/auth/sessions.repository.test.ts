import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds, type TestDb } from '../../testing/harness.js';
import { createSessionsRepository, type SessionRow } from './sessions.repository.js';
import { createUsersRepository } from './users.repository.js';

describe.each(dbKinds)('sessions repository on %s', (kind) => {
  let db: TestDb;
  let repo: ReturnType<typeof createSessionsRepository>;
  let ana: number;
  let bo: number;
  const now = '2025-03-01T12:00:00.000Z';
  const idleSince = '2025-03-01T11:00:00.000Z';

  const session = (id: string, userId: number, over: Partial<SessionRow> = {}): SessionRow => ({
    id,
    userId,
    refreshTokenHash: `hash-${id}`,
    userAgent: `agent ${id}`,
    createdAt: '2025-03-01T10:00:00.000Z',
    lastSeenAt: '2025-03-01T11:30:00.000Z',
    expiresAt: '2025-03-31T10:00:00.000Z',
    revokedAt: null,
    ...over,
  });

  beforeEach(async () => {
    db = await createTestDb(kind);
    repo = createSessionsRepository(db.db);
    const users = createUsersRepository(db.db);
    const base = { firstName: 'A', lastName: 'B', passwordHash: 'x', now };
    ana = (await users.insertUser({ ...base, username: 'ana', email: 'ana@example.com' })).id;
    bo = (await users.insertUser({ ...base, username: 'bo', email: 'bo@example.com' })).id;
    await repo.insertSession(session('recent', ana, { lastSeenAt: '2025-03-01T11:50:00.000Z' }));
    await repo.insertSession(session('older', ana));
    await repo.insertSession(session('idle', ana, { lastSeenAt: idleSince }));
    await repo.insertSession(session('revoked', ana, { revokedAt: '2025-03-01T11:40:00.000Z' }));
    await repo.insertSession(session('expired', ana, { expiresAt: now }));
    await repo.insertSession(session('bos', bo));
  });
  afterEach(async () => db.cleanup());

  it('lists only the live sessions of the one student, most recently used first', async () => {
    const rows = await repo.listSessions(ana, now, idleSince);
    expect(rows.map((r) => r.id)).toEqual(['recent', 'older']);
    expect(rows[0]).toEqual({
      id: 'recent',
      userAgent: 'agent recent',
      createdAt: '2025-03-01T10:00:00.000Z',
      lastSeenAt: '2025-03-01T11:50:00.000Z',
    });
    expect((await repo.listSessions(bo, now, idleSince)).map((r) => r.id)).toEqual(['bos']);
  });

  it('calls a session live by the same rule, and only for its owner', async () => {
    const live = (id: string, userId = ana) => repo.isSessionLive(id, userId, now, idleSince);
    expect(await live('recent')).toBe(true);
    expect(await live('idle')).toBe(false);
    expect(await live('revoked')).toBe(false);
    expect(await live('expired')).toBe(false);
    expect(await live('bos')).toBe(false);
    expect(await live('bos', bo)).toBe(true);
  });

  it('ends every other session of the student and leaves the other student alone', async () => {
    expect(await repo.revokeOtherSessions(ana, 'recent', now)).toBe(3);
    expect((await repo.listSessions(ana, now, idleSince)).map((r) => r.id)).toEqual(['recent']);
    expect((await repo.listSessions(bo, now, idleSince)).map((r) => r.id)).toEqual(['bos']);
  });
});
