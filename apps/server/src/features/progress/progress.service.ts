import type { CheckInStatus, PlanProgress } from '@studybuddy/contracts';
import { hoursDone } from '../../domain/hours-done.js';
import type { ProgressRepository } from './progress.repository.js';

/** Hours to two decimals, as the readiness answers them, so both show the same hours done. */
const round2 = (n: number) => Math.round(n * 100) / 100;

export function createProgressService(deps: { progress: ProgressRepository }) {
  return {
    /** Per plan and subject: topics completed, and hours of sessions done vs scheduled. */
    async listProgress(userId: number): Promise<PlanProgress[]> {
      const [plans, subjects, spans] = await Promise.all([
        deps.progress.listPlans(userId),
        deps.progress.listSubjectTopicCounts(userId),
        deps.progress.listSessionSpans(userId),
      ]);
      const hours = new Map<number, { planned: number; done: number }>();
      for (const s of spans) {
        const length = (Date.parse(s.endAt) - Date.parse(s.startAt)) / 3_600_000;
        const h = hours.get(s.subjectId) ?? { planned: 0, done: 0 };
        h.planned += length;
        h.done += hoursDone({
          hours: length,
          checkIn: (s.checkInStatus ?? null) as CheckInStatus | null,
          minutesDone: s.minutesDone,
        });
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
            hoursPlanned: round2(hours.get(s.subjectId)?.planned ?? 0),
            hoursDone: round2(hours.get(s.subjectId)?.done ?? 0),
          }));
        const sum = (k: 'topicsTotal' | 'topicsCompleted' | 'hoursPlanned' | 'hoursDone') =>
          subs.reduce((acc, s) => acc + s[k], 0);
        return {
          planId: p.id,
          planName: p.name,
          topicsTotal: sum('topicsTotal'),
          topicsCompleted: sum('topicsCompleted'),
          hoursPlanned: round2(sum('hoursPlanned')),
          hoursDone: round2(sum('hoursDone')),
          subjects: subs,
        };
      });
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
