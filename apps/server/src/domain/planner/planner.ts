/**
 * The smart scheduler's planning algorithm: a pure function from the wizard's input to dated
 * study blocks. No I/O, no clock, no randomness; ties always break by subject index.
 *
 * Outline (each stage in docs/planner.md, Stages): weekday templates of session places -> needs and
 * targets (need hard, plus a 15% buffer, soft; the rest of the free time stays free, under a
 * weekly cap: docs/planner.md, Workload) -> EDF demand-bound check (warnings) -> final reviews
 * reserved 1-3 days before each exam -> pace curves (steady for subjects without an exam, fitted
 * shares for the others) -> day-by-day placing (mandatory EDF guard on the needs, then the
 * subject longest overdue on its pace where the cap has room) -> repairs, the weekly-cap repair
 * last -> within-day interleaving -> topics, focus and files (topic-plan.ts).
 */
import { formatClock } from '@studybuddy/contracts';
import { notice } from '../notices.js';
import { dayNumber, isoDate } from './dates.js';
import { topicsOf } from './model.js';
import { placeSessions } from './placement.js';
import { planModel, type RawBlock } from './plan-model.js';
import { planTexts } from './plan-texts.js';
import { assignTopics, blockFiles, FocusTexts, type TopicPlan } from './topic-plan.js';
import type { PlannedBlock, PlannerInput, PlannerOutput } from './types.js';
import { planWarnings } from './warnings.js';
import { parseWishes } from './wishes.js';

export { type PlanModel, planModel } from './plan-model.js';
export { blockTitle, PLAN_TEXTS, type PlanTexts, planTexts } from './plan-texts.js';
export { replanAfterMiss } from './replan.js';
export type { PlannedBlock, PlannerInput, PlannerOutput } from './types.js';
export { fmtHours } from './warnings.js';

/** 'HH:MM' of each half-hour boundary of a day. */
const CLOCK: string[] = Array.from({ length: 49 }, (_, h) => formatClock(h * 30));

/** Builds the student's plan. Same input, same output. */
export function planStudy(input: PlannerInput): PlannerOutput {
  const m = planModel(input);
  const S = input.subjects.length;
  const wishes = parseWishes(input.preferences.extraWishes ?? '');
  const notes = [
    ...wishes.applied,
    ...wishes.notUnderstood.map((wish) => notice('wish_not_understood', { wish })),
  ];
  const raw = m.days > 0 ? placeSessions(input, m) : [];
  // Topics per subject, then the blocks in the order placed (already by day, then start). Each
  // block's plan and files are stored by its index in `raw`: always the same kind of array, so
  // the output loop stays optimised whatever files or sessions a subject has.
  const indexesOf: number[][] = Array.from({ length: S }, () => []);
  for (let i = 0; i < raw.length; i++) indexesOf[(raw[i] as RawBlock).subject]?.push(i);
  const planAt = new Array<TopicPlan>(raw.length);
  const filesAt = new Array<string[]>(raw.length);
  const focusOf: FocusTexts[] = [];
  const texts = planTexts(input.language).focus;
  for (let k = 0; k < S; k++) {
    const subject = input.subjects[k] as PlannerInput['subjects'][number];
    const idx = indexesOf[k] as number[];
    const topics = topicsOf(subject);
    const names = topics.map((t) => t.name);
    focusOf.push(new FocusTexts(names, texts));
    if (idx.length === 0) continue;
    const D = subject.deadline ? dayNumber(subject.deadline) : Number.NaN;
    const examDay = Number.isNaN(D) ? m.days : D - m.p0;
    const plans = assignTopics(
      idx.map((i) => (raw[i] as RawBlock).day),
      // A lone session is for learning: a final review needs something to review.
      idx.map((i) => (raw[i] as RawBlock).final && idx.length > 1),
      topics.map((t) => t.size),
      m.windowEnd[k] as number,
      examDay,
      input.preferences.frontLoad,
    );
    const files = blockFiles(plans, names, subject.materials);
    idx.forEach((i, j) => {
      planAt[i] = plans[j] as TopicPlan;
      filesAt[i] = files[j] as string[];
    });
  }
  const dateOf: string[] = [];
  const out: PlannedBlock[] = [];
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as RawBlock;
    const k = b.subject;
    const p = planAt[i] as TopicPlan;
    let date = dateOf[b.day];
    if (date === undefined) {
      date = isoDate(m.p0 + b.day);
      dateOf[b.day] = date;
    }
    out.push({
      date,
      start: CLOCK[b.start] as string,
      end: CLOCK[b.start + b.len] as string,
      subjectIndex: k,
      kind: p.kind,
      topicIndexes: p.topics,
      focus: (focusOf[k] as FocusTexts).of(p),
      materials: filesAt[i] as string[],
    });
  }
  const hours = new Float64Array(S);
  for (const b of raw) hours[b.subject] = (hours[b.subject] as number) + b.len / 2;
  const summary = input.subjects.map((s, k) => ({
    subject: s.name,
    totalHours: hours[k] as number,
  }));
  return { blocks: out, summary, warnings: planWarnings(input, m, raw), notes };
}
