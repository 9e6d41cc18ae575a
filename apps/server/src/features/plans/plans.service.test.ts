import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories, type Factories } from '../../testing/factories.js';
import { fakeAiEngine, noFileReaders } from '../../testing/fake-ai-engine.js';
import { countRows, createTestDb, type TestDb } from '../../testing/test-db.js';
import { createSubjectsRepository, createSubjectsService } from '../subjects/index.js';
import { createTopicsRepository, createTopicsService } from '../topics/index.js';
import { createPlansRepository } from './plans.repository.js';
import { createPlansService, type PlansService } from './plans.service.js';

const notFound = { status: 404, code: 'not_found', message: 'Study plan not found.' };
const fields = { name: 'Finals', deadline: '2026-06-20', description: 'Winter exams' };

describe('plans service', () => {
  let db: TestDb;
  let make: Factories;
  let plans: PlansService;
  let ana: number;
  let bo: number;

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    make = createFactories(db);
    const topics = createTopicsService({
      topics: createTopicsRepository(db.db),
      ai: fakeAiEngine().engine,
      readers: noFileReaders,
    });
    const subjects = createSubjectsService({ subjects: createSubjectsRepository(db.db), topics });
    plans = createPlansService({ plans: createPlansRepository(db.db), subjects });
    ana = (await make.user()).id;
    bo = (await make.user()).id;
  });
  afterEach(async () => db.cleanup());

  it('creates an active plan with no subjects yet, and reads it back', async () => {
    const created = await plans.createPlan(ana, fields);
    expect(created).toMatchObject({ ...fields, status: 'active', subjectDetails: [] });
    expect(await plans.getPlan(ana, created.id)).toEqual(created);
  });

  it("lists only the student's own plans, newest first, with their subjects and topics", async () => {
    const older = await make.planTree(ana, { name: 'Midterms', createdAt: '2026-01-01T00:00:00Z' });
    const newer = await make.plan(ana, { name: 'Finals', createdAt: '2026-01-02T00:00:00Z' });
    await make.planTree(bo, { name: 'Not yours' });

    const list = await plans.listPlans(ana);
    expect(list.map((p) => p.name)).toEqual(['Finals', 'Midterms']);
    expect(list[0]).toMatchObject({ id: newer.id, subjectDetails: [] });
    expect(list[1]?.subjectDetails).toEqual([
      {
        id: older.subject.id,
        subjectName: 'Calculus',
        examDate: null,
        topics: [expect.objectContaining({ id: older.topic.id, lessonId: older.lesson.id })],
      },
    ]);
  });

  it('reports a smart-scheduler draft as a draft', async () => {
    const draft = await make.plan(ana, { status: 'draft' });
    expect((await plans.getPlan(ana, draft.id)).status).toBe('draft');
  });

  it("answers not found for another student's plan, and changes nothing of it", async () => {
    const theirs = await make.plan(bo, { name: 'Not yours' });
    await expect(plans.getPlan(ana, theirs.id)).rejects.toMatchObject(notFound);
    await expect(plans.updatePlan(ana, theirs.id, fields)).rejects.toMatchObject(notFound);
    await expect(plans.deletePlan(ana, theirs.id)).rejects.toMatchObject(notFound);
    expect(await plans.getPlan(bo, theirs.id)).toMatchObject({ name: 'Not yours' });
  });

  it('answers not found for a plan that does not exist', async () => {
    await expect(plans.getPlan(ana, 999)).rejects.toMatchObject(notFound);
    await expect(plans.updatePlan(ana, 999, fields)).rejects.toMatchObject(notFound);
    await expect(plans.deletePlan(ana, 999)).rejects.toMatchObject(notFound);
  });

  it('replaces name, deadline and description on update, keeping its subjects', async () => {
    const { plan, subject } = await make.planTree(ana);
    const updated = await plans.updatePlan(ana, plan.id, {
      name: 'Resits',
      deadline: null,
      description: null,
    });
    expect(updated).toMatchObject({
      id: plan.id,
      name: 'Resits',
      deadline: null,
      description: null,
    });
    expect(updated.subjectDetails.map((s) => s.id)).toEqual([subject.id]);
  });

  it('deletes a plan with its subjects, topics, lessons and sessions, and only that plan', async () => {
    const mine = await make.planTree(ana);
    await make.studySession(ana, {
      studyPlanId: mine.plan.id,
      subjectId: mine.subject.id,
      topicId: mine.topic.id,
    });
    const kept = await make.planTree(ana, { name: 'Kept' });

    await plans.deletePlan(ana, mine.plan.id);

    await expect(plans.getPlan(ana, mine.plan.id)).rejects.toMatchObject(notFound);
    expect(await countRows(db, 'subjects')).toBe(1);
    expect(await countRows(db, 'topics')).toBe(1);
    expect(await countRows(db, 'lessons')).toBe(1);
    expect(await countRows(db, 'studySessions')).toBe(0);
    expect((await plans.listPlans(ana)).map((p) => p.id)).toEqual([kept.plan.id]);
    // Gone means gone: a second delete is a not found, not a silent success.
    await expect(plans.deletePlan(ana, mine.plan.id)).rejects.toMatchObject(notFound);
  });
});
