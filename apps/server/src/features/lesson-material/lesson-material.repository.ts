import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { createTopicsRepository } from '../topics/index.js';

export function createLessonMaterialRepository(db: Kysely<Database>) {
  const topics = createTopicsRepository(db);
  return {
    /** The student's lesson with its topic, its subject's exam day and the plan's zone. */
    findLessonContext(userId: number, lessonId: number) {
      return db
        .selectFrom('lessons as l')
        .innerJoin('topics as t', 't.id', 'l.topicId')
        .innerJoin('subjects as s', 's.id', 't.subjectId')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .select([
          'l.id as lessonId',
          'l.title',
          'l.latexContent',
          't.id as topicId',
          't.name as topicName',
          's.id as subjectId',
          's.name as subjectName',
          's.examDate',
          'p.timeZone',
        ])
        .where('l.userId', '=', userId)
        .where('l.id', '=', lessonId)
        .executeTakeFirst();
    },

    /** The names of the subject's other topics, whose sections of the files are theirs. */
    listOtherTopicNames: topics.listSiblingNames,

    listSubjectFiles(userId: number, subjectId: number) {
      return db
        .selectFrom('studyFiles')
        .select(['originalName', 'textContent'])
        .where('userId', '=', userId)
        .where('subjectId', '=', subjectId)
        .orderBy('id')
        .execute();
    },
  };
}
export type LessonMaterialRepository = ReturnType<typeof createLessonMaterialRepository>;
