import type { Subject, SubjectPriority } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { TopicsService } from '../topics/index.js';
import type { SubjectChanges, SubjectRow, SubjectsRepository } from './subjects.repository.js';

const subjectNotFound = () => AppError.notFound('Subject not found.');

/** Medium: what the planner assumes when the student gives no priority. */
const DEFAULT_PRIORITY: SubjectPriority = 1;

const priorityOf = (n: number): SubjectPriority => (n === 0 || n === 2 ? n : 1);

/** A subject as the student adds it; undefined fields take their defaults. */
export interface SubjectInput {
  name: string;
  /** Undefined: the plan's deadline; null: no exam. */
  examDate?: string | null | undefined;
  priority?: SubjectPriority | undefined;
}

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
      examDate: r.examDate,
      priority: priorityOf(r.priority),
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

    /**
     * A subject added by hand. Without an exam day of its own it takes the plan's deadline,
     * the one exam date a hand-made plan has.
     */
    async createSubject(
      userId: number,
      studyPlanId: number,
      input: SubjectInput,
    ): Promise<Subject> {
      const plan = await subjects.findPlanDeadline(userId, studyPlanId);
      if (!plan) throw AppError.notFound('Study plan not found.');
      const row = await subjects.insertSubject(
        userId,
        {
          studyPlanId,
          name: input.name,
          examDate: input.examDate === undefined ? plan.deadline : input.examDate,
          priority: input.priority ?? DEFAULT_PRIORITY,
        },
        new Date().toISOString(),
      );
      return {
        id: row.id,
        studyPlanId: row.studyPlanId,
        name: row.name,
        examDate: row.examDate,
        priority: priorityOf(row.priority),
        topics: [],
      };
    },

    /** Renames a subject and changes the exam day or priority given; the rest stays. */
    async updateSubject(userId: number, id: number, changes: SubjectChanges): Promise<Subject> {
      const row = await subjects.updateSubject(userId, id, changes);
      if (!row) throw subjectNotFound();
      return (await withTopics(userId, [row]))[0] as Subject;
    },

    async deleteSubject(userId: number, id: number): Promise<void> {
      if (!(await subjects.deleteSubject(userId, id))) throw subjectNotFound();
    },
  };
}
export type SubjectsService = ReturnType<typeof createSubjectsService>;
