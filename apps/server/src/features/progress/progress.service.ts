import type { PlanProgress } from '@studybuddy/contracts';
import type { ProgressRepository } from './progress.repository.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

export function createProgressService(deps: { progress: ProgressRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Per plan and subject: topics completed, and hours of sessions held vs scheduled. */
    async listProgress(userId: number): Promise<PlanProgress[]> {
      const [plans, subjects, spans] = await Promise.all([
        deps.progress.listPlans(userId),
        deps.progress.listSubjectTopicCounts(userId),
        deps.progress.listSessionSpans(userId),
      ]);
      const at = now().getTime();
      const hours = new Map<number, { planned: number; done: number }>();
      for (const s of spans) {
        const start = Date.parse(s.startAt);
        const end = Date.parse(s.endAt);
        const h = hours.get(s.subjectId) ?? { planned: 0, done: 0 };
        h.planned += (end - start) / 3_600_000;
        // A session counts as done once it has ended; the part already past counts if running.
        h.done += Math.max(0, Math.min(end, at) - start) / 3_600_000;
        hours.set(s.subjectId, h);
      }
      return plans.map((p) => {
        const subs = subjects
          .filter((s) => s.planId === p.id)
          .map((s) => ({
            subjectId: s.subjectId,
            subjectName: s.subjectName,
            topicsTotal: Number(s.topicsTotal),
            topicsCompleted: Number(s.topicsCompleted),
            hoursPlanned: round1(hours.get(s.subjectId)?.planned ?? 0),
            hoursDone: round1(hours.get(s.subjectId)?.done ?? 0),
          }));
        const sum = (k: 'topicsTotal' | 'topicsCompleted' | 'hoursPlanned' | 'hoursDone') =>
          subs.reduce((acc, s) => acc + s[k], 0);
        return {
          planId: p.id,
          planName: p.name,
          topicsTotal: sum('topicsTotal'),
          topicsCompleted: sum('topicsCompleted'),
          hoursPlanned: round1(sum('hoursPlanned')),
          hoursDone: round1(sum('hoursDone')),
          subjects: subs,
        };
      });
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
