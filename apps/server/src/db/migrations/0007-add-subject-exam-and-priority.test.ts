import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../testing/migration-db.js';
import { dbKinds } from '../../testing/test-db.js';

const BEFORE = '0006-create-ai-tables';
const THIS = '0007-add-subject-exam-and-priority';

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("fills each subject's exam day and priority from its plan's wizard input", async () => {
    const t = await databaseBefore(kind, BEFORE);
    close = t.close;
    const now = '2026-11-01T10:00:00.000Z';
    const userId = await t.insertUser('Ana', now);
    const plan = async (deadline: string | null, sourceInput: string | null) =>
      (
        await t.db
          .insertInto('studyPlans')
          .values({
            userId,
            name: 'Plan',
            deadline,
            description: null,
            conceptMapOutline: null,
            overallSummary: null,
            sourceInput,
            warnings: null,
            timeZone: 'Europe/Athens',
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const subjectIds = new Map<string, number>();
    const subject = async (planId: number, key: string, name: string) => {
      const row = await t.db
        .insertInto('subjects')
        .values({ userId, studyPlanId: planId, name, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      subjectIds.set(key, row.id);
    };

    const wizard = JSON.stringify({
      period: { start: '2026-11-02', end: '2027-01-31' },
      subjects: [
        { name: 'Maths', keyTopics: '…', deadline: '2027-01-15', priority: 2, subjectIndex: 0 },
        { name: 'Physics', keyTopics: '…', deadline: null, priority: 0, subjectIndex: 1 },
        { name: 'Chemistry', keyTopics: '…', subjectIndex: 2 },
        { name: 'Biology', keyTopics: '…', deadline: '2027-02-30', priority: 7, subjectIndex: 3 },
      ],
    });
    const generated = await plan('2027-01-15', wizard);
    await subject(generated, 'maths', 'Maths');
    await subject(generated, 'physics', 'physics'); // renamed in case only
    await subject(generated, 'chemistry', 'Chemistry');
    await subject(generated, 'biology', 'Biology');
    await subject(generated, 'added', 'Added later'); // not in the wizard input
    const handMade = await plan('2027-03-01', null);
    await subject(handMade, 'history', 'History');
    const noDeadline = await plan(null, null);
    await subject(noDeadline, 'art', 'Art');
    const broken = await plan('2027-04-01', '{"subjects": [');
    await subject(broken, 'broken', 'Maths');
    const oddShape = await plan('2027-05-01', '{"subjects": "Maths"}');
    await subject(oddShape, 'odd', 'Maths');
    const jsonNull = await plan('2027-06-01', 'null');
    await subject(jsonNull, 'null', 'Maths');

    await t.migrate(THIS);

    const rows = await t.db.selectFrom('subjects').select(['id', 'examDate', 'priority']).execute();
    const got = Object.fromEntries(
      [...subjectIds].map(([key, id]) => {
        const row = rows.find((r) => r.id === id);
        return [key, [row?.examDate, row?.priority]];
      }),
    );
    expect(got).toEqual({
      maths: ['2027-01-15', 2],
      physics: [null, 0],
      chemistry: [null, 1],
      biology: [null, 1],
      added: ['2027-01-15', 1],
      history: ['2027-03-01', 1],
      art: [null, 1],
      broken: ['2027-04-01', 1],
      odd: ['2027-05-01', 1],
      null: ['2027-06-01', 1],
    });

    // New rows get the defaults from the columns.
    await subject(handMade, 'fresh', 'Fresh');
    const fresh = await t.db
      .selectFrom('subjects')
      .select(['examDate', 'priority'])
      .where('id', '=', subjectIds.get('fresh') as number)
      .executeTakeFirstOrThrow();
    expect(fresh).toEqual({ examDate: null, priority: 1 });

    // And it can be undone.
    await t.migrate(BEFORE);
    const cols = await t.db.selectFrom('subjects').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(cols)).not.toContain('examDate');
    expect(Object.keys(cols)).not.toContain('priority');
  });
});
