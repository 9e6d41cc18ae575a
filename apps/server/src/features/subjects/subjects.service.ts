import type { Subject } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { TopicsService } from '../topics/index.js';
import type { SubjectRow, SubjectsRepository } from './subjects.repository.js';

const subjectNotFound = () => AppError.notFound('Subject not found.');

export function createSubjectsService(deps: {
  subjects: SubjectsRepository;
  topics: TopicsService;
}) {
  const { subjects, topics } = deps;

  async function withTopics(userId: number, rows: SubjectRow[]): Promise<Subject[]> {
    const byId = await topics.loadTopicsBySubject(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      studyPlanId: r.studyPlanId,
      name: r.name,
      topics: byId.get(r.id) ?? [],
    }));
  }

  return {
    /** Subjects with their topics for these plans, grouped by plan id. */
    async loadSubjectsByPlan(userId: number, planIds: number[]): Promise<Map<number, Subject[]>> {
      const list = await withTopics(userId, await subjects.listSubjects(userId, planIds));
      const out = new Map<number, Subject[]>(planIds.map((id) => [id, []]));
      for (const s of list) out.get(s.studyPlanId)?.push(s);
      return out;
    },

    async listSubjects(userId: number, planId: number): Promise<Subject[]> {
      if (!(await subjects.planExists(userId, planId)))
        throw AppError.notFound('Study plan not found.');
      return withTopics(userId, await subjects.listSubjects(userId, [planId]));
    },

    async getSubject(userId: number, id: number): Promise<Subject> {
      const row = await subjects.findSubject(userId, id);
      if (!row) throw subjectNotFound();
      return (await withTopics(userId, [row]))[0] as Subject;
    },

    async createSubject(userId: number, studyPlanId: number, name: string): Promise<Subject> {
      if (!(await subjects.planExists(userId, studyPlanId)))
        throw AppError.notFound('Study plan not found.');
      const row = await subjects.insertSubject(userId, studyPlanId, name, new Date().toISOString());
      return { id: row.id, studyPlanId: row.studyPlanId, name: row.name, topics: [] };
    },

    async renameSubject(userId: number, id: number, name: string): Promise<Subject> {
      const row = await subjects.updateSubject(userId, id, name);
      if (!row) throw subjectNotFound();
      return (await withTopics(userId, [row]))[0] as Subject;
    },

    async deleteSubject(userId: number, id: number): Promise<void> {
      if (!(await subjects.deleteSubject(userId, id))) throw subjectNotFound();
    },
  };
}
export type SubjectsService = ReturnType<typeof createSubjectsService>;
