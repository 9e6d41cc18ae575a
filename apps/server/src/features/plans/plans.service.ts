import type { PlanDetail } from '@studybuddy/contracts';
import { AppError } from '../../platform/app-error.js';
import type { SubjectsService } from '../subjects/index.js';
import type { PlanFields, PlanRow, PlansRepository } from './plans.repository.js';

const planNotFound = () => AppError.notFound('Study plan not found.');

export function createPlansService(deps: { plans: PlansRepository; subjects: SubjectsService }) {
  const { plans, subjects } = deps;

  async function toDetails(userId: number, rows: PlanRow[]): Promise<PlanDetail[]> {
    const byPlan = await subjects.loadSubjectsByPlan(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      deadline: r.deadline,
      description: r.description,
      status: r.status === 'draft' ? 'draft' : 'active',
      conceptMapOutline: r.conceptMapOutline,
      overallSummary: r.overallSummary,
      subjectDetails: (byPlan.get(r.id) ?? []).map((s) => ({
        id: s.id,
        subjectName: s.name,
        examDate: s.examDate,
        topics: s.topics,
      })),
    }));
  }

  return {
    async listPlans(userId: number): Promise<PlanDetail[]> {
      return toDetails(userId, await plans.listPlans(userId));
    },

    /** A value that changes whenever the answer of listPlans would (see plans.repository). */
    listVersion(userId: number): Promise<string | undefined> {
      return plans.listVersion(userId);
    },

    async getPlan(userId: number, id: number): Promise<PlanDetail> {
      const row = await plans.findPlan(userId, id);
      if (!row) throw planNotFound();
      return (await toDetails(userId, [row]))[0] as PlanDetail;
    },

    async createPlan(userId: number, fields: PlanFields): Promise<PlanDetail> {
      const row = await plans.insertPlan(userId, fields, new Date().toISOString());
      return (await toDetails(userId, [row]))[0] as PlanDetail;
    },

    async updatePlan(userId: number, id: number, fields: PlanFields): Promise<PlanDetail> {
      const row = await plans.updatePlan(userId, id, fields, new Date().toISOString());
      if (!row) throw planNotFound();
      return (await toDetails(userId, [row]))[0] as PlanDetail;
    },

    async deletePlan(userId: number, id: number): Promise<void> {
      if (!(await plans.deletePlan(userId, id))) throw planNotFound();
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
