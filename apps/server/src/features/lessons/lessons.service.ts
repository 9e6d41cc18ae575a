import type { Lesson, LessonReview } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { LessonsRepository } from './lessons.repository.js';

const lessonNotFound = () => AppError.notFound('Lesson not found.');

export function createLessonsService(deps: { lessons: LessonsRepository }) {
  const { lessons } = deps;
  return {
    async getLesson(userId: number, id: number): Promise<Lesson> {
      const row = await lessons.findLesson(userId, id);
      if (!row) throw lessonNotFound();
      return row;
    },

    async listReviews(userId: number, lessonId: number): Promise<LessonReview[]> {
      if (!(await lessons.findLesson(userId, lessonId))) throw lessonNotFound();
      return lessons.listReviews(userId, lessonId);
    },

    async createReview(
      userId: number,
      lessonId: number,
      rating: number,
      comment: string,
    ): Promise<LessonReview> {
      if (!(await lessons.findLesson(userId, lessonId))) throw lessonNotFound();
      return lessons.insertReview(userId, lessonId, rating, comment, new Date().toISOString());
    },
  };
}
export type LessonsService = ReturnType<typeof createLessonsService>;
