import { splitKeyTopics } from './key-topics.js';

/**
 * How much a plan books (docs/planner.md, Workload): each subject's need in hours, scaled by its
 * priority, plus a buffer, under a weekly cap on the share of free time booked. The wizard shows
 * the estimate below before the student submits, and the server books the same number when the
 * student leaves it as it is, so what they saw is what they get.
 */
export const WORKLOAD = {
  hoursNeededMin: 1,
  hoursNeededMax: 500,
  weeklyHoursMin: 0.5,
  weeklyHoursMax: 40,
  maxLoadMin: 0.5,
  maxLoadMax: 1,
  /** Most of a week's free time a plan books unless the needs force more. */
  maxLoadDefault: 0.8,
  /** Share booked on top of the need, for sessions that run long or are missed. */
  buffer: 0.15,
  /** A learning hour and an hour of spaced retrieval per key topic. */
  hoursPerTopic: 2,
  /** Uploaded material adds an hour per this many bytes, at most as much as the topics. */
  materialBytesPerHour: 100_000,
  /** The final review before an exam. */
  finalReviewHours: 1,
  /** Effort of Low (0), Medium (1) and High (2) priority, as a factor of Medium. */
  priorityFactor: [0.8, 1, 1.3] as const,
  /** Topics a subject can have (the planner keeps the first ones). */
  topicsMax: 15,
} as const;

export interface EstimateInput {
  keyTopics: string;
  /** Sizes in bytes of the subject's uploaded files. */
  fileBytes: readonly number[];
  priority?: 0 | 1 | 2 | null | undefined;
  /** Whether the subject has an exam (then the need includes a final review). */
  hasExam: boolean;
}

const roundUpTo = (h: number, unit: number) => Math.ceil(h / unit - 1e-9) * unit;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The priority factor of a priority (Medium when absent). */
export function priorityFactor(priority: 0 | 1 | 2 | null | undefined): number {
  return WORKLOAD.priorityFactor[priority ?? 1];
}

/**
 * A need at a priority from the same need at Medium, already whole units: the factor applies to
 * the rounded Medium need, and the result rounds up to the unit again. Scaling before rounding
 * let the two roundings cancel the factor on a small need (Medium 3.1 h and High 4.03 h both
 * became two 2-h sessions); this way High is at least 1.3x and Low at most 1x Medium, in
 * whole units.
 */
export function scaleByPriority(
  mediumNeed: number,
  priority: 0 | 1 | 2 | null | undefined,
  unit: number,
): number {
  return roundUpTo(mediumNeed * priorityFactor(priority), unit);
}

/**
 * Our estimate of the hours a subject needs: 2 h per key topic, plus 1 h per 100 KB of uploaded
 * files (at most as much again as the topics), plus 1 h of final review when it has an exam, in
 * whole sessions of `sessionLength` (at least two: learn, then retrieve; what the plan books);
 * then scaled by the priority (`scaleByPriority`). Within 1 to 500 h.
 */
export function estimateHoursNeeded(input: EstimateInput, sessionLength: number): number {
  const medium = Math.max(2 * sessionLength, roundUpTo(mediumHours(input), sessionLength));
  const hours = scaleByPriority(medium, input.priority, sessionLength);
  return clamp(hours, WORKLOAD.hoursNeededMin, WORKLOAD.hoursNeededMax);
}

/** The Medium-priority hours of a subject, before rounding. */
function mediumHours(input: EstimateInput): number {
  const topics = clamp(splitKeyTopics(input.keyTopics).length, 1, WORKLOAD.topicsMax);
  const base = WORKLOAD.hoursPerTopic * topics;
  let bytes = 0;
  for (const b of input.fileBytes) bytes += Math.max(0, b);
  const material = Math.min(base, bytes / WORKLOAD.materialBytesPerHour);
  return base + material + (input.hasExam ? WORKLOAD.finalReviewHours : 0);
}

/**
 * Our estimate of the hours a week for a subject without an exam: its Medium need spread evenly
 * over the study period's weeks, rounded up to the half hour, then scaled by the priority
 * (`scaleByPriority`, to the half hour); within 0.5 to 40 h.
 */
export function estimateWeeklyHours(
  input: Omit<EstimateInput, 'hasExam'>,
  periodDays: number,
): number {
  const weeks = Math.max(1, periodDays) / 7;
  const medium = roundUpTo(mediumHours({ ...input, hasExam: false }) / weeks, 0.5);
  const weekly = scaleByPriority(medium, input.priority, 0.5);
  return clamp(weekly, WORKLOAD.weeklyHoursMin, WORKLOAD.weeklyHoursMax);
}
