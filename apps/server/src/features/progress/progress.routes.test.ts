import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

/** "Now" in these tests: Thursday 5 March 2026, 10:00 UTC. */
const NOW = '2026-03-05T10:00:00.000Z';
const at = (day: string, hhmm: string) => `2026-03-${day}T${hhmm}:00.000Z`;

interface SubjectHours {
  subjectId: number;
  hoursDone: number;
  hoursPlanned: number;
}

describe.each(dbKinds)('progress routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let seed: Awaited<ReturnType<typeof seedPlan>>;

  /** An accepted plan: Medieval History (15 h needed), four past sessions and one to come. */
  async function seedPlan(owner: number) {
    const f = createFactories(t.db);
    const plan = await f.plan(owner, { status: 'active', deadline: '2026-03-29' });
    const history = await f.subject(owner, plan.id, {
      name: 'Medieval History',
      examDate: '2026-03-20',
      hoursNeeded: 15,
    });
    const topic = await f.topic(owner, history.id, { name: 'Charlemagne' });
    const s = (day: string, from: string, to: string) =>
      f.studySession(
        owner,
        { studyPlanId: plan.id, subjectId: history.id, topicId: topic.id },
        { startAt: at(day, from), endAt: at(day, to), kind: 'learn' },
      );
    return {
      plan,
      history,
      monday: await s('02', '16:00', '17:00'),
      tuesday: await s('03', '16:00', '17:00'),
      wednesday: await s('04', '16:00', '17:30'),
      wednesdayLate: await s('04', '18:00', '19:00'),
      nextMonday: await s('09', '16:00', '17:00'),
    };
  }

  const checkIn = async (id: number, body: unknown) =>
    expect((await client.post(`/api/sessions/${id}/check-in`, body)).statusCode).toBe(200);
  const progressOf = async (planId: number) => {
    const all = (await client.get('/api/progress')).json() as Array<
      SubjectHours & { planId: number; subjects: SubjectHours[] }
    >;
    return all.find((p) => p.planId === planId);
  };
  const readinessOf = async (planId: number) =>
    (await client.get(`/api/plans/${planId}/readiness`)).json() as SubjectHours[];

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    const userId = (await client.registerAndLogin()).id;
    seed = await seedPlan(userId);
  });
  afterEach(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('counts a missed session as no hours done, as the readiness does', async () => {
    await checkIn(seed.monday.id, { status: 'missed' });
    const progress = await progressOf(seed.plan.id);
    const [readiness] = await readinessOf(seed.plan.id);
    expect(progress).toMatchObject({ hoursDone: 0, hoursPlanned: 5.5 });
    expect(progress?.subjects).toEqual([
      expect.objectContaining({ subjectId: seed.history.id, hoursDone: 0, hoursPlanned: 5.5 }),
    ]);
    expect(readiness).toMatchObject({ subjectId: seed.history.id, hoursDone: 0 });
  });

  it('counts done sessions whole and partial ones by the minutes reported, as the readiness does', async () => {
    await checkIn(seed.monday.id, { status: 'missed' });
    await checkIn(seed.tuesday.id, { status: 'done' });
    await checkIn(seed.wednesday.id, { status: 'partial', minutesDone: 20 });
    const progress = await progressOf(seed.plan.id);
    const [readiness] = await readinessOf(seed.plan.id);
    // 1 h done plus 20 minutes; the unchecked Wednesday evening and next Monday add nothing.
    expect(progress).toMatchObject({ hoursDone: 1.33, hoursPlanned: 5.5 });
    expect(progress?.subjects[0]).toMatchObject({ hoursDone: 1.33 });
    expect(readiness).toMatchObject({ hoursDone: 1.33 });
  });

  it('counts a past session nobody checked in as not done, until it is checked in', async () => {
    expect(await progressOf(seed.plan.id)).toMatchObject({ hoursDone: 0 });
    await checkIn(seed.wednesdayLate.id, { status: 'done' });
    expect(await progressOf(seed.plan.id)).toMatchObject({ hoursDone: 1 });
    expect((await readinessOf(seed.plan.id))[0]).toMatchObject({ hoursDone: 1 });
  });
});
