import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories, type Factories } from '../../testing/factories.js';
import { fakeAiEngine, noFileReaders } from '../../testing/fake-ai-engine.js';
import { countRows, createTestDb, type TestDb } from '../../testing/test-db.js';
import { createTopicsRepository, createTopicsService } from '../topics/index.js';
import { createSubjectsRepository } from './subjects.repository.js';
import { createSubjectsService, type SubjectsService } from './subjects.service.js';

const subjectNotFound = { status: 404, code: 'not_found', message: 'Subject not found.' };
const planNotFound = { status: 404, code: 'not_found', message: 'Study plan not found.' };

describe('subjects service', () => {
  let db: TestDb;
  let make: Factories;
  let subjects: SubjectsService;
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
    subjects = createSubjectsService({ subjects: createSubjectsRepository(db.db), topics });
    ana = (await make.user()).id;
    bo = (await make.user()).id;
  });
  afterEach(async () => db.cleanup());

  describe('adding a subject', () => {
    it("takes the plan's deadline as its exam and medium priority when given neither", async () => {
      const plan = await make.plan(ana, { deadline: '2026-06-20' });
      const created = await subjects.createSubject(ana, plan.id, { name: 'Physics' });
      expect(created).toEqual({
        id: expect.any(Number),
        studyPlanId: plan.id,
        name: 'Physics',
        examDate: '2026-06-20',
        priority: 1,
        topics: [],
      });
      expect(await subjects.getSubject(ana, created.id)).toEqual(created);
    });

    it('keeps an exam day and priority of its own, and null as no exam at all', async () => {
      const plan = await make.plan(ana, { deadline: '2026-06-20' });
      const own = await subjects.createSubject(ana, plan.id, {
        name: 'Physics',
        examDate: '2026-05-11',
        priority: 2,
      });
      expect(own).toMatchObject({ examDate: '2026-05-11', priority: 2 });
      const none = await subjects.createSubject(ana, plan.id, { name: 'Art', examDate: null });
      expect(none).toMatchObject({ examDate: null, priority: 1 });
    });

    it("refuses another student's plan or a missing one, adding nothing", async () => {
      const theirs = await make.plan(bo);
      await expect(
        subjects.createSubject(ana, theirs.id, { name: 'Physics' }),
      ).rejects.toMatchObject(planNotFound);
      await expect(subjects.createSubject(ana, 999, { name: 'Physics' })).rejects.toMatchObject(
        planNotFound,
      );
      expect(await countRows(db, 'subjects')).toBe(0);
    });
  });

  it("lists a plan's subjects with their topics, and refuses another student's plan", async () => {
    const { plan, subject, topic, lesson } = await make.planTree(ana);
    const second = await make.subject(ana, plan.id, { name: 'Algebra' });
    const theirs = await make.planTree(bo);

    const list = await subjects.listSubjects(ana, plan.id);
    expect(list.map((s) => s.id)).toEqual([subject.id, second.id]);
    expect(list[0]?.topics).toEqual([
      expect.objectContaining({ id: topic.id, name: 'Derivatives', lessonId: lesson.id }),
    ]);
    expect(list[1]?.topics).toEqual([]);
    await expect(subjects.listSubjects(ana, theirs.plan.id)).rejects.toMatchObject(planNotFound);
  });

  it('groups subjects by plan, with an empty list for a plan that has none', async () => {
    const a = await make.planTree(ana);
    const empty = await make.plan(ana, { name: 'Empty' });
    const theirs = await make.planTree(bo);
    const byPlan = await subjects.loadSubjectsByPlan(ana, [a.plan.id, empty.id, theirs.plan.id]);
    expect(byPlan.get(a.plan.id)?.map((s) => s.id)).toEqual([a.subject.id]);
    expect(byPlan.get(empty.id)).toEqual([]);
    // Another student's plan id yields nothing of theirs.
    expect(byPlan.get(theirs.plan.id)).toEqual([]);
  });

  it('changes only the fields given and keeps its topics', async () => {
    const { plan } = await make.planTree(ana);
    const created = await subjects.createSubject(ana, plan.id, {
      name: 'Physics',
      examDate: '2026-05-11',
      priority: 2,
    });
    const renamed = await subjects.updateSubject(ana, created.id, { name: 'Mechanics' });
    expect(renamed).toMatchObject({ name: 'Mechanics', examDate: '2026-05-11', priority: 2 });
    const moved = await subjects.updateSubject(ana, created.id, {
      name: 'Mechanics',
      examDate: null,
      priority: 0,
    });
    expect(moved).toMatchObject({ name: 'Mechanics', examDate: null, priority: 0 });
  });

  it("answers not found for another student's subject, and leaves it as it was", async () => {
    const theirs = await make.planTree(bo);
    const id = theirs.subject.id;
    await expect(subjects.getSubject(ana, id)).rejects.toMatchObject(subjectNotFound);
    await expect(subjects.updateSubject(ana, id, { name: 'Mine now' })).rejects.toMatchObject(
      subjectNotFound,
    );
    await expect(subjects.deleteSubject(ana, id)).rejects.toMatchObject(subjectNotFound);
    expect(await subjects.getSubject(bo, id)).toMatchObject({ name: 'Calculus' });
    expect(await countRows(db, 'topics')).toBe(1);
  });

  it('deletes a subject with its topics and lessons, once', async () => {
    const { plan, subject } = await make.planTree(ana);
    const kept = await make.subject(ana, plan.id, { name: 'Algebra' });
    await subjects.deleteSubject(ana, subject.id);
    expect((await subjects.listSubjects(ana, plan.id)).map((s) => s.id)).toEqual([kept.id]);
    expect(await countRows(db, 'topics')).toBe(0);
    expect(await countRows(db, 'lessons')).toBe(0);
    await expect(subjects.deleteSubject(ana, subject.id)).rejects.toMatchObject(subjectNotFound);
  });
});
