import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories, type Factories } from '../../testing/factories.js';
import { countRows, createTestDb, type TestDb } from '../../testing/test-db.js';
import { createStudySessionsRepository } from './study-sessions.repository.js';
import { createStudySessionsService, type StudySessionsService } from './study-sessions.service.js';

const notFound = { status: 404, code: 'not_found', message: 'Study session not found.' };
const misplaced = {
  status: 400,
  code: 'validation_failed',
  details: [{ path: 'topic', message: 'Choose a subject and topic of the chosen study plan.' }],
};

describe('study sessions service', () => {
  let db: TestDb;
  let make: Factories;
  let sessions: StudySessionsService;
  let ana: number;
  let bo: number;
  let tree: Awaited<ReturnType<Factories['planTree']>>;

  /** A session form on the student's tree, as the route hands it over after parsing. */
  const form = (overrides: Partial<Parameters<StudySessionsService['createSession']>[1]> = {}) => ({
    studyPlan: tree.plan.id,
    subject: tree.subject.id,
    topic: tree.topic.id,
    title: 'Chain rule',
    startDateTime: '2026-03-01T23:30:00+02:00',
    endDateTime: '2026-03-02T01:00:00+02:00',
    notes: null,
    reminder: true,
    ...overrides,
  });

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    make = createFactories(db);
    sessions = createStudySessionsService({ sessions: createStudySessionsRepository(db.db) });
    ana = (await make.user()).id;
    bo = (await make.user()).id;
    tree = await make.planTree(ana);
  });
  afterEach(async () => db.cleanup());

  it('stores the times in UTC and names the day by the UTC start', async () => {
    const created = await sessions.createSession(ana, form({ notes: 'Chapter 3' }));
    expect(created).toEqual({
      id: expect.any(Number),
      planId: tree.plan.id,
      subjectId: tree.subject.id,
      topicId: tree.topic.id,
      title: 'Chain rule',
      day: '2026-03-01',
      startTime: '2026-03-01T21:30:00.000Z',
      endTime: '2026-03-01T23:00:00.000Z',
      subjectName: 'Calculus',
      topicName: 'Derivatives',
      notes: 'Chapter 3',
      reminder: true,
      kind: null,
      checkIn: null,
    });
    expect(await sessions.listSessions(ana)).toEqual([created]);
  });

  it("refuses a plan, subject or topic of another student's, creating nothing", async () => {
    const theirs = await make.planTree(bo);
    for (const placement of [
      { studyPlan: theirs.plan.id },
      { subject: theirs.subject.id },
      { topic: theirs.topic.id },
      { studyPlan: theirs.plan.id, subject: theirs.subject.id, topic: theirs.topic.id },
    ]) {
      await expect(sessions.createSession(ana, form(placement))).rejects.toMatchObject(misplaced);
    }
    expect(await countRows(db, 'studySessions')).toBe(0);
  });

  it('refuses a topic of another subject, or a subject of another plan, of the same student', async () => {
    const otherSubject = await make.subject(ana, tree.plan.id, { name: 'Algebra' });
    const otherTopic = await make.topic(ana, otherSubject.id, { name: 'Matrices' });
    const otherPlan = await make.plan(ana, { name: 'Resits' });
    await expect(sessions.createSession(ana, form({ topic: otherTopic.id }))).rejects.toMatchObject(
      misplaced,
    );
    await expect(
      sessions.createSession(ana, form({ studyPlan: otherPlan.id })),
    ).rejects.toMatchObject(misplaced);
    // The same topic under its own subject is fine.
    await expect(
      sessions.createSession(ana, form({ subject: otherSubject.id, topic: otherTopic.id })),
    ).resolves.toMatchObject({ subjectName: 'Algebra', topicName: 'Matrices' });
  });

  it('lists the sessions of active plans only, earliest first', async () => {
    const place = { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: tree.topic.id };
    const late = await make.studySession(ana, place, { startAt: '2026-02-03T10:00:00.000Z' });
    const early = await make.studySession(ana, place, { startAt: '2026-02-01T10:00:00.000Z' });
    const draft = await make.planTree(ana, { status: 'draft' });
    const proposed = await make.studySession(ana, {
      studyPlanId: draft.plan.id,
      subjectId: draft.subject.id,
      topicId: draft.topic.id,
    });
    const theirs = await make.planTree(bo);
    await make.studySession(bo, {
      studyPlanId: theirs.plan.id,
      subjectId: theirs.subject.id,
      topicId: theirs.topic.id,
    });

    expect((await sessions.listSessions(ana)).map((s) => s.id)).toEqual([early.id, late.id]);
    // A draft's session is not on the calendar, so it cannot be changed from it either.
    await expect(sessions.updateSession(ana, proposed.id, form())).rejects.toMatchObject(notFound);
  });

  it("answers not found for another student's session even with a valid form, changing nothing", async () => {
    const theirs = await make.planTree(bo);
    const session = await make.studySession(
      bo,
      { studyPlanId: theirs.plan.id, subjectId: theirs.subject.id, topicId: theirs.topic.id },
      { title: 'Theirs' },
    );
    await expect(sessions.updateSession(ana, session.id, form())).rejects.toMatchObject(notFound);
    await expect(sessions.deleteSession(ana, session.id)).rejects.toMatchObject(notFound);
    expect(await sessions.listSessions(bo)).toEqual([
      expect.objectContaining({ id: session.id, title: 'Theirs' }),
    ]);
  });

  it('updates every field of a session, and checks the new placement too', async () => {
    const created = await sessions.createSession(ana, form());
    const algebra = await make.subject(ana, tree.plan.id, { name: 'Algebra' });
    const matrices = await make.topic(ana, algebra.id, { name: 'Matrices' });
    const updated = await sessions.updateSession(
      ana,
      created.id,
      form({
        subject: algebra.id,
        topic: matrices.id,
        title: 'Matrices',
        startDateTime: '2026-03-05T08:00:00Z',
        endDateTime: '2026-03-05T09:00:00Z',
        notes: 'Exercises',
        reminder: false,
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      subjectName: 'Algebra',
      topicName: 'Matrices',
      day: '2026-03-05',
      notes: 'Exercises',
      reminder: false,
    });
    const theirs = await make.planTree(bo);
    await expect(
      sessions.updateSession(ana, created.id, form({ topic: theirs.topic.id })),
    ).rejects.toMatchObject(misplaced);
    expect((await sessions.listSessions(ana))[0]).toEqual(updated);
  });

  it('deletes a session once; a second delete is not found', async () => {
    const created = await sessions.createSession(ana, form());
    await sessions.deleteSession(ana, created.id);
    expect(await sessions.listSessions(ana)).toEqual([]);
    await expect(sessions.deleteSession(ana, created.id)).rejects.toMatchObject(notFound);
  });
});
