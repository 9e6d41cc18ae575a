import { PUSH_LIMITS, VALIDATION_MESSAGES } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushOutcome, PushSender, PushTarget } from '../../adapters/push/web-push-sender.js';
import { createFactories } from '../../testing/factories.js';
import { createTestDb, type TestDb } from '../../testing/test-db.js';
import { createPushRepository } from './push.repository.js';
import { createPushService } from './push.service.js';

const KEYS = { p256dh: `BP${'A'.repeat(85)}`, auth: 'A'.repeat(22) };
const endpoint = (n: number | string) => `https://push.example.org/send/device-${n}`;
const message = {
  title: 'Your study session starts soon',
  body: 'At 16:00: Calculus: Limits',
  url: 'https://study.example.org/topic/7/detail',
  startsAt: '2026-05-01T13:00:00.000Z',
};

/** A network that answers each address as told (201 unless said), and remembers every push. */
function fakeSender(answers: Record<string, PushOutcome | Error> = {}) {
  const sent: { target: PushTarget; payload: string; ttlSeconds: number }[] = [];
  const sender: PushSender = {
    check: async (e) =>
      e.includes('10.0.0.1') ? 'refused' : e.startsWith('https:') ? 'ok' : 'invalid',
    send: async (target, payload, { ttlSeconds }) => {
      sent.push({ target, payload, ttlSeconds });
      const answer = answers[target.endpoint];
      if (answer instanceof Error) throw answer;
      return answer ?? { kind: 'delivered', status: 201 };
    },
  };
  return { sender, sent };
}

/** Log lines, kept. */
function memoryLog() {
  const lines: { level: string; obj: Record<string, unknown> }[] = [];
  const at = (level: string) => (obj: object) =>
    void lines.push({ level, obj: obj as Record<string, unknown> });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('push service', () => {
  let db: TestDb;
  let ana: number;
  let ben: number;
  let clock: Date;
  beforeEach(async () => {
    db = await createTestDb('sqlite');
    const f = createFactories(db);
    ana = (await f.user()).id;
    ben = (await f.user({ username: 'ben' })).id;
    clock = new Date('2026-05-01T12:00:00.000Z');
  });
  afterEach(async () => db.cleanup());

  const service = (sender: PushSender, log = memoryLog().log) =>
    createPushService({
      repo: createPushRepository(db.db),
      sender,
      publicKey: 'BPublicKey',
      log,
      now: () => clock,
    });

  it('pushes the four fields to every device, forgets the gone ones, and logs failures by origin only', async () => {
    const failing = endpoint('fails');
    const { sender, sent } = fakeSender({
      [endpoint(2)]: { kind: 'gone', status: 410 },
      [failing]: { kind: 'failed', status: 500, reason: 'the push service answered 500' },
      [endpoint(4)]: new Error('database is locked'),
    });
    const { lines, log } = memoryLog();
    const push = service(sender, log);
    for (const e of [endpoint(1), endpoint(2), failing, endpoint(4)])
      await push.subscribe(ana, { endpoint: e, keys: KEYS });
    await push.subscribe(ben, { endpoint: endpoint('ben'), keys: KEYS });

    clock = new Date('2026-05-01T12:30:00.000Z');
    const report = await push.sendToStudent(
      ana,
      { ...message, secret: 'not for the device' } as typeof message,
      { ttlSeconds: 1800 },
    );
    expect(report).toEqual({ devices: 4, delivered: 1, gone: 1, failed: 2 });
    expect(sent.map((s) => s.target.endpoint)).toEqual([
      endpoint(1),
      endpoint(2),
      failing,
      endpoint(4),
    ]);
    for (const s of sent) {
      expect(JSON.parse(s.payload)).toEqual(message);
      expect(s.ttlSeconds).toBe(1800);
    }
    const devices = (await push.list(ana)).items;
    expect(devices.map((d) => d.lastSuccessAt)).toEqual(['2026-05-01T12:30:00.000Z', null, null]);
    // Ben's device was not Ana's to push to, nor to forget.
    expect((await push.list(ben)).items).toHaveLength(1);
    const failed = lines.filter((l) => l.obj.event === 'push.failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]?.obj).toMatchObject({ origin: 'https://push.example.org', status: 500 });
    expect(JSON.stringify(lines)).not.toContain('/send/device-');
  });

  it('sends nothing to a student without devices', async () => {
    const { sender, sent } = fakeSender();
    expect(await service(sender).sendToStudent(ana, message, { ttlSeconds: 60 })).toEqual({
      devices: 0,
      delivered: 0,
      gone: 0,
      failed: 0,
    });
    expect(sent).toEqual([]);
  });

  it('refuses an address that is not https or points where the server may not reach', async () => {
    const push = service(fakeSender().sender);
    await expect(
      push.subscribe(ana, { endpoint: 'http://push.example.org/x', keys: KEYS }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: [{ path: 'endpoint', message: VALIDATION_MESSAGES.pushEndpointInvalid.en }],
    });
    await expect(
      push.subscribe(ana, { endpoint: 'https://10.0.0.1/x', keys: KEYS }),
    ).rejects.toMatchObject({
      details: [{ path: 'endpoint', message: VALIDATION_MESSAGES.pushEndpointRefused.en }],
    });
    expect((await push.list(ana)).items).toEqual([]);
  });

  it(`keeps ${PUSH_LIMITS.devicesPerStudent} devices, dropping the one heard of least lately`, async () => {
    const push = service(fakeSender().sender);
    const repo = createPushRepository(db.db);
    for (let i = 1; i <= PUSH_LIMITS.devicesPerStudent; i++) {
      clock = new Date(Date.parse('2026-05-01T12:00:00.000Z') + i * 60_000);
      await push.subscribe(ana, { endpoint: endpoint(i), keys: KEYS, label: `Device ${i}` });
    }
    // The first device took a push since: the second is now the one heard of least lately.
    const first = (await push.list(ana)).items[0];
    if (!first) throw new Error('no device');
    await repo.markSuccess(ana, first.id, '2026-05-01T13:00:00.000Z');
    clock = new Date('2026-05-01T14:00:00.000Z');
    await push.subscribe(ana, { endpoint: endpoint('new'), keys: KEYS, label: 'New' });
    const labels = (await push.list(ana)).items.map((d) => d.label);
    expect(labels).toHaveLength(PUSH_LIMITS.devicesPerStudent);
    expect(labels).toContain('Device 1');
    expect(labels).not.toContain('Device 2');
    expect(labels.at(-1)).toBe('New');
  });
});
