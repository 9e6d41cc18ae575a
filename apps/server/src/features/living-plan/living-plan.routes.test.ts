import { LIVING_PLAN_MESSAGES } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import {
  countRows,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

/** "Now" in these tests: Thursday 5 March 2026, 10:00 UTC, in the plan's first week. */
const NOW = '2026-03-05T10:00:00.000Z';
const slots = Array.from({ length: 24 }, (_, h) => h >= 16 && h < 21);
const source = {
  period: { start: '2026-03-02', end: '2026-03-29' },
  availability: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: true,
    hours: 2,
    startTime: '16:00',
    endTime: '21:00',
    slots,
  })),
  subjects: [],
  preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
  language: 'en',
};
const at = (day: string, hh: string) => `2026-03-${day}T${hh}:00:00.000Z`;

describe.each(dbKinds)('living plan routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let f: ReturnType<typeof createFactories>;
  let userId: number;
  let seed: Awaited<ReturnType<typeof seedPlan>>;

  /** An accepted generated plan: Calculus (exam 20 Mar, 4 h) and Physics (1 h a week). */
  async function seedPlan(owner: number, status = 'active', timeZone = 'UTC') {
    const plan = await f.plan(owner, {
      status,
      sourceInput: JSON.stringify(source),
      timeZone,
      deadline: '2026-03-29',
    });
    const calc = await f.subject(owner, plan.id, {
      name: 'Calculus',
      examDate: '2026-03-20',
      hoursNeeded: 4,
    });
    const phys = await f.subject(owner, plan.id, { name: 'Physics', weeklyHours: 1 });
    const limits = await f.topic(owner, calc.id, { name: 'Limits' });
    const series = await f.topic(owner, calc.id, { name: 'Series' });
    const motion = await f.topic(owner, phys.id, { name: 'Motion' });
    const s = (subjectId: number, topicId: number, day: string, title: string) =>
      f.studySession(
        owner,
        { studyPlanId: plan.id, subjectId, topicId },
        { title, startAt: at(day, '16'), endAt: at(day, '17'), kind: 'learn' },
      );
    return {
      plan,
      calc,
      phys,
      limits,
      series,
      motion,
      s1: await s(calc.id, limits.id, '02', 'Limits'),
      s2: await s(calc.id, series.id, '03', 'Series'),
      s3: await s(calc.id, limits.id, '09', 'Limits again'),
      s4: await s(phys.id, motion.id, '04', 'Motion'),
      s5: await s(phys.id, motion.id, '10', 'Motion again'),
    };
  }

  const checkIn = (id: number, body: unknown) => client.post(`/api/sessions/${id}/check-in`, body);
  const replan = (planId: number, body: unknown = {}) =>
    client.post(`/api/plans/${planId}/replan`, body);
  const readiness = async (planId: number) =>
    (await client.get(`/api/plans/${planId}/readiness`)).json();
  const sessionRow = (id: number) =>
    t.db.db.selectFrom('studySessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    userId = (await client.registerAndLogin()).id;
    f = createFactories(t.db);
    seed = await seedPlan(userId);
  });
  afterEach(async () => {
    await t.close();
    vi.useRealTimers();
  });

  describe('check-in', () => {
    it('records done, partial and missed with a rating, and a second check-in overwrites', async () => {
      const done = await checkIn(seed.s1.id, { status: 'done', rating: 4 });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        id: seed.s1.id,
        kind: 'learn',
        checkIn: { status: 'done', minutesDone: null, rating: 4, at: NOW },
      });
      const partial = await checkIn(seed.s2.id, { status: 'partial', minutesDone: 20 });
      expect(partial.json().checkIn).toMatchObject({
        status: 'partial',
        minutesDone: 20,
        rating: null,
      });
      const missed = await checkIn(seed.s4.id, { status: 'missed' });
      expect(missed.json().checkIn).toMatchObject({ status: 'missed', minutesDone: null });
      const again = await checkIn(seed.s2.id, { status: 'missed', rating: 1 });
      expect(again.json().checkIn).toMatchObject({
        status: 'missed',
        minutesDone: null,
        rating: 1,
      });
      const list = (await client.get('/api/generic/GetStudySessionDto')).json();
      expect(list.find((s: { id: number }) => s.id === seed.s2.id).checkIn.status).toBe('missed');
    });

    it('refuses bad check-ins and changes nothing', async () => {
      const other = new TestClient(t.app);
      await other.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
      const notMine = await other.post(`/api/sessions/${seed.s1.id}/check-in`, {
        status: 'done',
      });
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().message).toBe('Study session not found.');
      expect((await checkIn(999_999, { status: 'done' })).statusCode).toBe(404);

      const future = await checkIn(seed.s3.id, { status: 'done' });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(LIVING_PLAN_MESSAGES.notStarted);

      const over = await checkIn(seed.s1.id, { status: 'partial', minutesDone: 61 });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(LIVING_PLAN_MESSAGES.minutesOverLength);
      expect(over.json().details).toEqual([
        { path: 'minutesDone', message: LIVING_PLAN_MESSAGES.minutesOverLength },
      ]);

      const negative = await checkIn(seed.s1.id, { status: 'done', rating: -1 });
      expect(negative.statusCode).toBe(400);
      expect((await checkIn(seed.s1.id, { status: 'done', rating: 6 })).statusCode).toBe(400);
      const noMinutes = await checkIn(seed.s1.id, { status: 'partial' });
      expect(noMinutes.statusCode).toBe(400);
      expect(noMinutes.json().details).toContainEqual({
        path: 'minutesDone',
        message: LIVING_PLAN_MESSAGES.minutesRequired,
      });
      expect((await checkIn(seed.s1.id, { status: 'skipped' })).statusCode).toBe(400);

      for (const id of [seed.s1.id, seed.s3.id])
        expect(await sessionRow(id)).toMatchObject({
          checkInStatus: null,
          minutesDone: null,
          rating: null,
          checkedInAt: null,
        });
    });

    it('accepts a session once it has started, when the clock moves on', async () => {
      const soon = await f.studySession(
        userId,
        { studyPlanId: seed.plan.id, subjectId: seed.calc.id, topicId: seed.limits.id },
        { startAt: '2026-03-05T10:05:00.000Z', endAt: '2026-03-05T11:05:00.000Z' },
      );
      expect((await checkIn(soon.id, { status: 'done' })).statusCode).toBe(400);
      vi.setSystemTime(new Date('2026-03-05T10:06:00.000Z'));
      expect((await checkIn(soon.id, { status: 'partial', minutesDone: 1 })).statusCode).toBe(200);
    });

    it('does not check in a session of a draft plan', async () => {
      const draft = await seedPlan(userId, 'draft');
      expect((await checkIn(draft.s1.id, { status: 'done' })).statusCode).toBe(404);
    });
  });

  describe('re-plan', () => {
    it('adds a catch-up session before the exam, keeps the past and counts work once', async () => {
      await checkIn(seed.s1.id, { status: 'missed' });
      await checkIn(seed.s2.id, { status: 'done' });
      await checkIn(seed.s4.id, { status: 'done' });
      const before = await t.db.db.selectFrom('studySessions').selectAll().execute();

      const r = await replan(seed.plan.id);
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.tradeOffs).toEqual([]);
      expect(body.added).toEqual([]);
      expect(body.removed).toEqual([]);
      // Thursday 5 March 16:00 is free, and Calculus has no session that day.
      expect(body.moved).toEqual([
        {
          sessionId: expect.any(Number),
          subject: 'Calculus',
          from: at('02', '16'),
          to: at('05', '16'),
        },
      ]);
      const added = await sessionRow(body.moved[0].sessionId);
      expect(added).toMatchObject({
        kind: 'catch-up',
        subjectId: seed.calc.id,
        topicId: seed.limits.id,
        title: 'Limits',
        startAt: at('05', '16'),
        endAt: at('05', '17'),
        carriedOver: 0,
      });
      // Existing sessions are unchanged but for the missed one, now carried over.
      const after = await t.db.db.selectFrom('studySessions').selectAll().execute();
      for (const row of before) {
        const now = after.find((a) => a.id === row.id);
        if (row.id === seed.s1.id)
          expect(now).toMatchObject({ ...row, carriedOver: 1, updatedAt: NOW });
        else expect(now).toEqual(row);
      }
      const calc = body.readiness.find((s: { subject: string }) => s.subject === 'Calculus');
      expect(calc).toMatchObject({ hoursDone: 1, hoursPlanned: 2 });

      const second = (await replan(seed.plan.id)).json();
      expect(second).toMatchObject({ moved: [], added: [], removed: [], tradeOffs: [] });
      expect(await countRows(t.db, 'studySessions')).toBe(after.length);
    });

    it("does not put a catch-up session on the student's busy time", async () => {
      await checkIn(seed.s1.id, { status: 'missed' });
      await checkIn(seed.s2.id, { status: 'done' });
      await checkIn(seed.s4.id, { status: 'done' });
      // Without it the catch-up would go to Thursday 5 March at 16:00 (the test above).
      const busy = await client.post('/api/busy-times', {
        kind: 'work',
        title: 'Shift',
        date: '2026-03-05',
        startTime: '15:30',
        endTime: '17:30',
      });
      expect(busy.statusCode).toBe(201);
      const body = (await replan(seed.plan.id)).json();
      expect(body.moved).toHaveLength(1);
      const added = await sessionRow(body.moved[0].sessionId);
      const overlaps =
        Date.parse(added.startAt) < Date.parse('2026-03-05T17:30:00.000Z') &&
        Date.parse(added.endAt) > Date.parse('2026-03-05T15:30:00.000Z');
      expect(overlaps).toBe(false);
      expect(added).toMatchObject({ kind: 'catch-up', subjectId: seed.calc.id });
      expect(Date.parse(added.startAt)).toBeGreaterThan(Date.parse(NOW));
    });

    it('reads the free hours in the plan’s time zone', async () => {
      const athens = await seedPlan(userId, 'active', 'Europe/Athens');
      await t.db.db.deleteFrom('studySessions').where('studyPlanId', '=', seed.plan.id).execute();
      await checkIn(athens.s1.id, { status: 'missed' });
      for (const s of [athens.s2, athens.s4]) await checkIn(s.id, { status: 'done' });
      const body = (await replan(athens.plan.id)).json();
      // 16:00 in Athens (UTC+2) on Thursday 5 March.
      expect(body.moved).toEqual([
        expect.objectContaining({ from: at('02', '16'), to: '2026-03-05T14:00:00.000Z' }),
      ]);
    });

    it('counts an unchecked session of a past day and the rest of a partial one', async () => {
      await checkIn(seed.s1.id, { status: 'partial', minutesDone: 30 });
      await checkIn(seed.s2.id, { status: 'done' });
      // Physics on 4 March was never checked in.
      const body = (await replan(seed.plan.id)).json();
      expect(
        body.moved.map((m: { subject: string; from: string }) => [m.subject, m.from]).sort(),
      ).toEqual([
        ['Calculus', at('02', '16')],
        ['Physics', at('04', '16')],
      ]);
      const calcRow = await sessionRow(
        body.moved.find((m: { subject: string }) => m.subject === 'Calculus').sessionId,
      );
      // 30 minutes were left of the hour.
      expect(Date.parse(calcRow.endAt) - Date.parse(calcRow.startAt)).toBe(30 * 60_000);
    });

    describe('when the work no longer fits before the exam', () => {
      beforeEach(async () => {
        // Exam tomorrow, and another plan books today's study hours.
        await t.db.db
          .updateTable('subjects')
          .set({ examDate: '2026-03-06' })
          .where('id', '=', seed.calc.id)
          .execute();
        const other = await f.planTree(userId, { status: 'active', name: 'Other' });
        await f.studySession(
          userId,
          { studyPlanId: other.plan.id, subjectId: other.subject.id, topicId: other.topic.id },
          { startAt: at('05', '16'), endAt: at('05', '21') },
        );
        await checkIn(seed.s1.id, { status: 'missed' });
        await checkIn(seed.s2.id, { status: 'done' });
        await checkIn(seed.s4.id, { status: 'done' });
      });

      it('offers trade-offs and changes nothing', async () => {
        const rows = await t.db.db.selectFrom('studySessions').selectAll().execute();
        const r = await replan(seed.plan.id);
        expect(r.statusCode).toBe(200);
        const body = r.json();
        expect(body.moved).toEqual([]);
        expect(body.tradeOffs).toEqual([
          {
            id: `add-time:${seed.calc.id}`,
            kind: 'add-time',
            subject: 'Calculus',
            notice: expect.objectContaining({
              code: 'tradeoff_add_time',
              params: { subject: 'Calculus', addHours: 1, blockDate: '2026-03-05', count: 1 },
            }),
          },
          {
            id: `move-exam:${seed.calc.id}:2026-03-07`,
            kind: 'move-exam',
            subject: 'Calculus',
            notice: expect.objectContaining({
              code: 'tradeoff_move_exam',
              message: 'Move the Calculus exam date from 6 Mar to 7 Mar (back on track).',
            }),
          },
          {
            id: `drop-topic:${seed.limits.id}`,
            kind: 'drop-topic',
            subject: 'Calculus',
            notice: expect.objectContaining({
              code: 'tradeoff_drop_topic',
              params: { subject: 'Calculus', topic: 'Limits', percent: 50 },
            }),
          },
        ]);
        expect(await t.db.db.selectFrom('studySessions').selectAll().execute()).toEqual(rows);
      });

      it('adds time on a concrete day outside the booked hours', async () => {
        const body = (await replan(seed.plan.id, { choice: `add-time:${seed.calc.id}` })).json();
        expect(body.moved).toEqual([
          expect.objectContaining({ subject: 'Calculus', to: at('05', '10') }),
        ]);
        expect(body.tradeOffs).toEqual([]);
        expect((await sessionRow(seed.s1.id)).carriedOver).toBe(1);
      });

      it('moves the exam date', async () => {
        const body = (
          await replan(seed.plan.id, { choice: `move-exam:${seed.calc.id}:2026-03-07` })
        ).json();
        expect(body.moved).toEqual([
          expect.objectContaining({ subject: 'Calculus', to: at('06', '16') }),
        ]);
        const subject = await t.db.db
          .selectFrom('subjects')
          .selectAll()
          .where('id', '=', seed.calc.id)
          .executeTakeFirstOrThrow();
        expect(subject.examDate).toBe('2026-03-07');
        expect(body.readiness[0]).toMatchObject({ deadline: '2026-03-07' });
      });

      it('drops the topic and carries its hours over', async () => {
        const body = (
          await replan(seed.plan.id, { choice: `drop-topic:${seed.limits.id}` })
        ).json();
        expect(body.moved).toEqual([]);
        const topic = await t.db.db
          .selectFrom('topics')
          .selectAll()
          .where('id', '=', seed.limits.id)
          .executeTakeFirstOrThrow();
        expect(topic.dropped).toBe(1);
        expect((await sessionRow(seed.s1.id)).carriedOver).toBe(1);
        expect(body.readiness[0]).toMatchObject({ topicsCovered: 1, topicsTotal: 2 });
        expect((await replan(seed.plan.id)).json().tradeOffs).toEqual([]);
      });

      it('refuses a choice not offered and changes nothing', async () => {
        const rows = await countRows(t.db, 'studySessions');
        for (const choice of [`drop-topic:${seed.series.id}`, 'move-exam:1:2026-03-20', 'x']) {
          const r = await replan(seed.plan.id, { choice });
          expect(r.statusCode).toBe(400);
          expect(r.json().message).toBe(LIVING_PLAN_MESSAGES.choiceNotOffered);
        }
        expect(await countRows(t.db, 'studySessions')).toBe(rows);
        expect((await sessionRow(seed.s1.id)).carriedOver).toBe(0);
      });
    });

    it('refuses another student’s plan, a draft, a hand-made plan and a bad body', async () => {
      const other = new TestClient(t.app);
      await other.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
      const notMine = await other.post(`/api/plans/${seed.plan.id}/replan`, {});
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().message).toBe('Study plan not found.');
      expect((await other.get(`/api/plans/${seed.plan.id}/readiness`)).statusCode).toBe(404);

      const draft = await seedPlan(userId, 'draft');
      const refused = await replan(draft.plan.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(LIVING_PLAN_MESSAGES.notAccepted);

      const hand = await f.planTree(userId, { status: 'active', name: 'By hand' });
      const handMade = await replan(hand.plan.id);
      expect(handMade.statusCode).toBe(400);
      expect(handMade.json().message).toBe(LIVING_PLAN_MESSAGES.handMade);

      expect((await replan(seed.plan.id, { choice: 1 })).statusCode).toBe(400);
      expect((await replan(seed.plan.id, { extra: true })).statusCode).toBe(400);
      expect((await client.post('/api/plans/abc/replan', {})).statusCode).toBe(400);
      expect(await countRows(t.db, 'studySessions')).toBe(10);
    });
  });

  describe('check-in sent twice (an offline queue on a phone)', () => {
    const send = (key: string, body: unknown) =>
      client.request({
        method: 'POST',
        url: `/api/sessions/${seed.s1.id}/check-in`,
        headers: { 'idempotency-key': key },
        payload: body as object,
      });

    it('counts once per Idempotency-Key and answers a repeat with the first answer', async () => {
      const first = await send('k-1', { status: 'missed' });
      expect(first.statusCode).toBe(200);
      vi.setSystemTime(new Date('2026-03-05T10:05:00.000Z'));
      const again = await send('k-1', { status: 'missed' });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      // The row still says when the first arrived: the repeat changed nothing.
      expect((await sessionRow(seed.s1.id)).checkedInAt).toBe(NOW);
      expect(await countRows(t.db, 'idempotencyKeys')).toBe(1);
    });

    it('refuses a key used for another request, and a repeat while the first still runs', async () => {
      const body = { status: 'done' };
      await send('k-2', body);
      const { request } = await t.db.db
        .selectFrom('idempotencyKeys')
        .select('request')
        .where('key', '=', 'k-2')
        .executeTakeFirstOrThrow();
      // k-3 taken by this same request, still being handled (another tab's send); k-4 by another.
      for (const [key, req] of [
        ['k-3', request],
        ['k-4', `POST /api/sessions/${seed.s2.id}/check-in other`],
      ] as const)
        await t.db.db
          .insertInto('idempotencyKeys')
          .values({ userId, key, request: req, status: null, body: null, createdAt: NOW })
          .execute();
      const busy = await send('k-3', body);
      expect([busy.statusCode, busy.json().code]).toEqual([409, 'idempotency_in_progress']);
      const reused = await send('k-4', body);
      expect([reused.statusCode, reused.json().code]).toEqual([422, 'idempotency_key_reused']);
    });

    it('forgets a key after a day', async () => {
      await send('k-5', { status: 'done' });
      vi.setSystemTime(new Date(Date.parse(NOW) + 25 * 3_600_000));
      const login = await client.post('/api/authentication/login', {
        email: sampleUser.email,
        password: sampleUser.password,
      });
      client.accessToken = login.json().accessToken;
      expect((await send('k-6', { status: 'missed' })).statusCode).toBe(200);
      const keys = await t.db.db.selectFrom('idempotencyKeys').select('key').execute();
      expect(keys).toEqual([{ key: 'k-6' }]);
    });
  });

  describe('clashes', () => {
    const clashes = async () => (await client.get('/api/busy-times/clashes')).json();
    /** The past sessions checked in, so a re-plan has only the clash to settle. */
    const checkInPast = async () => {
      for (const s of [seed.s1, seed.s2, seed.s4]) await checkIn(s.id, { status: 'done' });
    };

    it('names the sessions ahead that busy time added later covers, and the re-plan moves them', async () => {
      await checkInPast();
      expect(await clashes()).toEqual([]);
      // A weekly lab added by hand after the plan was accepted: Monday 9 March 16:30-18:00.
      const lab = await client.post('/api/busy-times', {
        kind: 'lab',
        title: 'Physics lab',
        date: '2026-03-09',
        startTime: '16:30',
        endTime: '18:00',
        repeat: 'weekly',
        timeZone: 'UTC',
      });
      expect(lab.statusCode).toBe(201);
      expect(await clashes()).toEqual([
        {
          sessionId: seed.s3.id,
          planId: seed.plan.id,
          planName: seed.plan.name,
          subject: 'Calculus',
          title: 'Limits again',
          startAt: at('09', '16'),
          endAt: at('09', '17'),
          busyTitle: 'Physics lab',
          canReplan: true,
        },
      ]);
      // Another student sees none of it.
      const other = new TestClient(t.app);
      await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
      expect((await other.get('/api/busy-times/clashes')).json()).toEqual([]);

      const res = await replan(seed.plan.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.tradeOffs).toEqual([]);
      expect(body.moved).toEqual([
        {
          sessionId: seed.s3.id,
          subject: 'Calculus',
          from: at('09', '16'),
          to: expect.any(String),
        },
      ]);
      const row = await sessionRow(seed.s3.id);
      // Moved, not copied: the same session, open, off the lab, before the exam.
      expect(row.carriedOver).toBe(0);
      expect(row.startAt).toBe(body.moved[0].to);
      expect(row.startAt < '2026-03-20').toBe(true);
      const start = Date.parse(row.startAt);
      const lab9 = [Date.parse(at('09', '16')) + 30 * 60_000, Date.parse(at('09', '18'))];
      expect(start >= (lab9[1] as number) || Date.parse(row.endAt) <= (lab9[0] as number)).toBe(
        true,
      );
      expect(await countRows(t.db, 'studySessions')).toBe(5);
      expect(await clashes()).toEqual([]);
      // Nothing is left to do: a second re-plan changes nothing.
      expect((await replan(seed.plan.id)).json().moved).toEqual([]);
    });

    it('lists a clash of a plan made by hand, which its re-plan cannot move', async () => {
      await checkInPast();
      await t.db.db
        .updateTable('studyPlans')
        .set({ sourceInput: null })
        .where('id', '=', seed.plan.id)
        .execute();
      await client.post('/api/busy-times', {
        kind: 'work',
        title: 'Shift',
        date: '2026-03-10',
        startTime: '15:00',
        endTime: '16:30',
        timeZone: 'UTC',
      });
      expect(await clashes()).toMatchObject([
        { sessionId: seed.s5.id, busyTitle: 'Shift', canReplan: false },
      ]);
    });

    it('leaves sessions already started, checked in, or only touching the busy time', async () => {
      await checkInPast();
      // s5 started a quarter of an hour ago; s3 is checked in (as an import of old data may hold).
      await t.db.db
        .updateTable('studySessions')
        .set({ startAt: '2026-03-05T09:45:00.000Z', endAt: '2026-03-05T10:45:00.000Z' })
        .where('id', '=', seed.s5.id)
        .execute();
      await t.db.db
        .updateTable('studySessions')
        .set({ checkInStatus: 'done' })
        .where('id', '=', seed.s3.id)
        .execute();
      for (const [date, startTime, endTime] of [
        ['2026-03-05', '10:00', '11:00'],
        ['2026-03-09', '15:00', '17:00'],
      ])
        await client.post('/api/busy-times', {
          kind: 'other',
          title: 'Dentist',
          date,
          startTime,
          endTime,
          timeZone: 'UTC',
        });
      expect(await clashes()).toEqual([]);
      // A session that only touches busy time is no clash: s3 open again, busy 15:00-16:00.
      await t.db.db
        .updateTable('studySessions')
        .set({ checkInStatus: null })
        .where('id', '=', seed.s3.id)
        .execute();
      expect(await clashes()).toMatchObject([{ sessionId: seed.s3.id }]);
    });
  });

  describe('readiness', () => {
    it('reports hours, topics and a status per subject, before and after check-ins and a re-plan', async () => {
      const first = await readiness(seed.plan.id);
      expect(first).toEqual([
        expect.objectContaining({
          subjectId: seed.calc.id,
          subject: 'Calculus',
          deadline: '2026-03-20',
          hoursNeeded: 4,
          hoursDone: 0,
          hoursPlanned: 1,
          topicsCovered: 1,
          topicsTotal: 2,
          status: 'at-risk',
          message: 'Needs 3 h more before 20 Mar.',
          notice: expect.objectContaining({ code: 'readiness_needs_more' }),
        }),
        expect.objectContaining({
          subject: 'Physics',
          deadline: null,
          hoursNeeded: 4,
          hoursDone: 0,
          hoursPlanned: 1,
          status: 'at-risk',
        }),
      ]);
      expect(first[0]).not.toHaveProperty('recall');

      await checkIn(seed.s1.id, { status: 'missed' });
      await checkIn(seed.s2.id, { status: 'partial', minutesDone: 30 });
      const checked = await readiness(seed.plan.id);
      expect(checked[0]).toMatchObject({ hoursDone: 0.5, hoursPlanned: 1, topicsCovered: 2 });

      await replan(seed.plan.id);
      const replanned = await readiness(seed.plan.id);
      // The missed hour and the half hour left are planned again; Physics's unchecked hour too.
      expect(replanned[0]).toMatchObject({ hoursDone: 0.5, hoursPlanned: 2.5, status: 'at-risk' });
      expect(replanned[1]).toMatchObject({ hoursPlanned: 2 });

      await t.db.db
        .updateTable('subjects')
        .set({ hoursNeeded: 3 })
        .where('id', '=', seed.calc.id)
        .execute();
      expect((await readiness(seed.plan.id))[0]).toMatchObject({
        status: 'on-track',
        message: 'On track: 0.5 of 3 h done.',
      });
      await t.db.db
        .updateTable('subjects')
        .set({ hoursNeeded: 200 })
        .where('id', '=', seed.calc.id)
        .execute();
      expect((await readiness(seed.plan.id))[0]).toMatchObject({
        status: 'behind',
        notice: expect.objectContaining({ code: 'readiness_behind' }),
      });
    });

    it('gives the mean recall of the subject’s flashcards on the deadline', async () => {
      const lesson = await f.lesson(userId, seed.limits.id);
      await f.flashcard(userId, lesson.id, {
        state: 2,
        stability: 10,
        difficulty: 5,
        reps: 3,
        due: '2026-03-10T10:00:00.000Z',
        lastReview: '2026-03-01T10:00:00.000Z',
      });
      const [calc, phys] = await readiness(seed.plan.id);
      expect(calc.recall).toBeGreaterThan(0);
      expect(calc.recall).toBeLessThan(1);
      expect(phys).not.toHaveProperty('recall');
    });

    it('computes a draft plan too', async () => {
      const draft = await seedPlan(userId, 'draft');
      expect(await readiness(draft.plan.id)).toHaveLength(2);
    });
  });
});
