import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LESSON_TEMPLATE } from '../../adapters/ai/builtin-texts/index.js';
import { type LessonSentencesInput, lessonSentences } from '../../domain/nlp/lesson-sentences.js';
import { createFactories, type Factories } from '../../testing/factories.js';
import { createTestDb, type TestDb } from '../../testing/test-db.js';
import { createLessonMaterialRepository } from './lesson-material.repository.js';
import { createLessonMaterialService } from './lesson-material.service.js';

describe('the lesson material service', () => {
  let db: TestDb;
  let make: Factories;
  let asked: LessonSentencesInput[];
  let service: ReturnType<typeof createLessonMaterialService>;

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    make = createFactories(db);
    asked = [];
    service = createLessonMaterialService({
      repo: createLessonMaterialRepository(db.db),
      // Stands for the work pool: the service never does the language work itself.
      sentences: async (input) => {
        asked.push(input);
        return lessonSentences(input, LESSON_TEMPLATE);
      },
    });
  });
  afterEach(async () => db.cleanup());

  it('hands the language work over the lesson to the sentences function, once per load', async () => {
    const ana = (await make.user()).id;
    const { lesson, topic } = await make.planTree(ana);
    const m = await service.load(ana, lesson.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ topicName: topic.name, lessonTitle: lesson.title });
    expect(m.lessonId).toBe(lesson.id);
    expect(m.focused).toEqual([...m.lesson, ...m.files]);
  });

  it('finds the lesson for what needs no material, without any language work', async () => {
    const ana = (await make.user()).id;
    const bo = (await make.user()).id;
    const { lesson } = await make.planTree(ana);
    const ctx = await service.context(ana, lesson.id);
    expect(ctx).toMatchObject({ lessonId: lesson.id, title: lesson.title, timeZone: 'UTC' });
    await expect(service.context(bo, lesson.id)).rejects.toMatchObject({ status: 404 });
    await expect(service.load(bo, lesson.id)).rejects.toMatchObject({ status: 404 });
    expect(asked).toHaveLength(0);
  });
});
