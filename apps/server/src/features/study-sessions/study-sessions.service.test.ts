import { SESSION_PLACEMENT_MESSAGES } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories, type Factories } from '../../testing/factories.js';
import { countRows, createTestDb, type TestDb } from '../../testing/test-db.js';
import {
  type BusyTimesService,
  createBusyTimesRepository,
  createBusyTimesService,
} from '../busy-times/index.js';
import { createStudySessionsRepository } from './study-sessions.repository.js';
import { createStudySessionsService, type StudySessionsService } from './study-sessions.service.js';

const notFound = { status: 404, code: 'not_found', message: 'Study session not found.' };
/** "Now" in these tests: Sunday 1 February 2026, 09:00 UTC. */
const NOW = '2026-02-01T09:00:00.000Z';
const refused = (problem: keyof typeof SESSION_PLACEMENT_MESSAGES) => ({
  status: 400,
  code: 'validation_failed',
  message: SESSION_PLACEMENT_MESSAGES[problem],
  details: [{ path: 'startDateTime', message: SESSION_PLACEMENT_MESSAGES[problem] }],
});
const misplaced = {
  status: 400,
  code: 'validation_failed',
  details: [{ path: 'topic', message: 'Choose a subject and topic of the chosen study plan.' }],
};

describe('study sessions service', () => {
  let db: TestDb;
  let make: Factories;
  let sessions: StudySessionsService;
  let busyTimes: BusyTimesService;
  let now: Date;
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
    now = new Date(NOW);
    busyTimes = createBusyTimesService({ repo: createBusyTimesRepository(db.db) });
    sessions = createStudySessionsService({
      sessions: createStudySessionsRepository(db.db),
      listBusyTimes: (userId) => busyTimes.listBusyTimes(userId),
      now: () => now,
    });
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

  describe('placement', () => {
    /** A weekly lecture on Mondays 10:00-12:00 in Athens (UTC+2 in winter), from 2 March. */
    const lecture = (overrides: Record<string, unknown> = {}) =>
      busyTimes.createBusyTime(ana, {
        kind: 'lecture',
        title: 'Organic chemistry',
        date: '2026-03-02',
        startTime: '10:00',
        endTime: '12:00',
        repeat: 'weekly',
        until: null,
        timeZone: 'Europe/Athens',
        ...overrides,
      });
    const athensPlan = async (examDate: string | null = null) => {
      const plan = await make.plan(ana, { name: 'Athens', timeZone: 'Europe/Athens' });
      const subject = await make.subject(ana, plan.id, { name: 'Chemistry', examDate });
      const topic = await make.topic(ana, subject.id, { name: 'Alkanes' });
      return { studyPlan: plan.id, subject: subject.id, topic: topic.id };
    };

    it("refuses a session on the student's busy time, read in the plan's time zone", async () => {
      await lecture();
      const place = await athensPlan();
      // Monday 9 March, 11:00-12:30 in Athens: overlaps the lecture's second week.
      await expect(
        sessions.createSession(
          ana,
          form({
            ...place,
            startDateTime: '2026-03-09T09:00:00Z',
            endDateTime: '2026-03-09T10:30:00Z',
          }),
        ),
      ).rejects.toMatchObject(refused('busy'));
      expect(await countRows(db, 'studySessions')).toBe(0);
      // Right after the lecture (12:00 in Athens) and on a Tuesday are free.
      await expect(
        sessions.createSession(
          ana,
          form({
            ...place,
            startDateTime: '2026-03-09T10:00:00Z',
            endDateTime: '2026-03-09T11:00:00Z',
          }),
        ),
      ).resolves.toMatchObject({ day: '2026-03-09' });
      await expect(
        sessions.createSession(
          ana,
          form({
            ...place,
            startDateTime: '2026-03-10T09:00:00Z',
            endDateTime: '2026-03-10T10:00:00Z',
          }),
        ),
      ).resolves.toMatchObject({ day: '2026-03-10' });
    });

    it("reads busy time entered in another zone at its own wall-clock, and ignores others' busy time", async () => {
      // 10:00-12:00 in Athens is 08:00-10:00 UTC, in a plan kept in UTC.
      await lecture();
      const before = { startDateTime: '2026-03-09T07:00:00Z', endDateTime: '2026-03-09T08:30:00Z' };
      await expect(sessions.createSession(ana, form(before))).rejects.toMatchObject(
        refused('busy'),
      );
      const theirs = await make.planTree(bo);
      await expect(
        sessions.createSession(
          bo,
          form({
            ...before,
            studyPlan: theirs.plan.id,
            subject: theirs.subject.id,
            topic: theirs.topic.id,
          }),
        ),
      ).resolves.toMatchObject({ day: '2026-03-09' });
    });

    it("refuses a session on or after its subject's exam day, in the plan's zone", async () => {
      const place = await athensPlan('2026-03-20');
      // 23:30 UTC on 19 March is already 20 March in Athens.
      await expect(
        sessions.createSession(
          ana,
          form({
            ...place,
            startDateTime: '2026-03-19T23:30:00Z',
            endDateTime: '2026-03-20T00:30:00Z',
          }),
        ),
      ).rejects.toMatchObject(refused('afterExam'));
      await expect(
        sessions.createSession(
          ana,
          form({
            ...place,
            startDateTime: '2026-03-19T20:00:00Z',
            endDateTime: '2026-03-19T21:00:00Z',
          }),
        ),
      ).resolves.toMatchObject({ subjectName: 'Chemistry' });
    });

    it('lets a student log a session already done, but not move one into the past', async () => {
      const past = { startDateTime: '2026-01-20T16:00:00Z', endDateTime: '2026-01-20T17:00:00Z' };
      const logged = await sessions.createSession(ana, form(past));
      expect(logged.startTime).toBe('2026-01-20T16:00:00.000Z');

      const planned = await sessions.createSession(ana, form());
      await expect(
        sessions.updateSession(
          ana,
          planned.id,
          form({ startDateTime: '2026-01-31T16:00:00Z', endDateTime: '2026-01-31T17:00:00Z' }),
        ),
      ).rejects.toMatchObject(refused('past'));
      expect((await sessions.getSession(ana, planned.id)).startTime).toBe(planned.startTime);
      // Moving it to later today is fine.
      await expect(
        sessions.updateSession(
          ana,
          planned.id,
          form({ startDateTime: '2026-02-01T16:00:00Z', endDateTime: '2026-02-01T17:00:00Z' }),
        ),
      ).resolves.toMatchObject({ startTime: '2026-02-01T16:00:00.000Z' });
    });

    it('keeps a past session editable while its time stays, even on busy time added later', async () => {
      const done = await sessions.createSession(
        ana,
        form({ startDateTime: '2026-01-26T08:30:00Z', endDateTime: '2026-01-26T09:30:00Z' }),
      );
      // A lecture added afterwards covers that Monday morning (10:00-12:00 in Athens).
      await lecture({ date: '2026-01-26' });
      now = new Date('2026-02-10T09:00:00.000Z');
      const edited = await sessions.updateSession(
        ana,
        done.id,
        form({
          startDateTime: '2026-01-26T08:30:00Z',
          endDateTime: '2026-01-26T09:30:00Z',
          notes: 'Went well',
          title: 'Chain rule, done',
        }),
      );
      expect(edited).toMatchObject({ notes: 'Went well', title: 'Chain rule, done' });
      // Its end moved: now its time is checked, and it lies on the lecture.
      await expect(
        sessions.updateSession(
          ana,
          done.id,
          form({ startDateTime: '2026-01-26T08:30:00Z', endDateTime: '2026-01-26T10:00:00Z' }),
        ),
      ).rejects.toMatchObject(refused('busy'));
      // Moved into the past, it is refused for that first.
      await expect(
        sessions.updateSession(
          ana,
          done.id,
          form({ startDateTime: '2026-01-27T08:30:00Z', endDateTime: '2026-01-27T09:30:00Z' }),
        ),
      ).rejects.toMatchObject(refused('past'));
    });
  });
});
