/**
 * The notes the server attaches to its answers, as codes with params. The browser writes them
 * in the student's language (`notices.<code>`); the English text made here is the one API
 * clients and logs read. Every code has its params and its English text in this one file.
 */
import { type Notice, type NoticeCode, noticeSchema, WEEKDAYS } from '@studybuddy/contracts';

type None = Record<string, never>;
type File = { file: string };
/** A hand-edited study block. */
type Block = { subject: string; blockDate: string; startTime: string; endTime: string };

/** The params of each code; names follow the conventions of `noticeParamSchema`. */
export interface NoticeParams {
  plan_period_invalid: None;
  plan_no_study_time: None;
  plan_deadline_not_after_start: { subject: string; deadlineDate: string; startDate: string };
  plan_deadline_after_end: { subject: string; deadlineDate: string; endDate: string };
  plan_short_before_deadline: {
    subject: string;
    needHours: number;
    gotHours: number;
    deadlineDate: string;
  };
  plan_short_in_period: { subject: string; needHours: number; gotHours: number };
  /** `count`: the days before the exam that hold no final review. */
  plan_no_final_review: { subject: string; examDate: string; count: number };
  plan_exam_week_crowded: {
    subject: string;
    weekHours: number;
    totalHours: number;
    examDate: string;
  };
  plan_day_slots_too_tight: {
    weekdays: number[];
    allowedHours: number;
    fromTime: string;
    toTime: string;
    fitHours: number;
    sessionHours: number;
  };
  plan_days_too_long: { weekdays: number[]; limitHours: number };
  plan_weeks_too_full: {
    percent: number;
    fromDate: string;
    toDate: string;
    usedHours: number;
    freeHours: number;
  };
  plan_missed_session_not_made_up: { subject: string; missedDate: string };
  replan_nothing_to_do: None;
  /** `moreHours`: unfinished hours no free place before the deadline holds. */
  replan_not_made_up: { subject: string; moreHours: number; deadlineDate: string };
  /** `count`: the days the hours are added on (one choice may add on several). */
  tradeoff_add_time: { subject: string; addHours: number; blockDate: string; count: number };
  tradeoff_move_exam: { subject: string; examDate: string; newDate: string };
  /** `percent`: the share of the subject's topics covered without it. */
  tradeoff_drop_topic: { subject: string; topic: string; percent: number };
  readiness_on_track: { doneHours: number; needHours: number };
  readiness_needs_more: { moreHours: number; deadlineDate: string };
  /** `freeHours`: what the free time left before the deadline holds. */
  readiness_behind: { moreHours: number; deadlineDate: string; freeHours: number };
  wish_no_study_days: { weekdays: number[] };
  wish_not_before: { startTime: string };
  wish_not_after: { endTime: string };
  wish_max_hours: { maxHours: number };
  wish_prefer_mornings: None;
  wish_prefer_afternoons: None;
  wish_prefer_evenings: None;
  wish_not_understood: { wish: string };
  file_empty: File;
  file_type_not_supported: File;
  file_type_mismatch: File;
  file_no_text: File;
  file_over_text_limit: File;
  file_unreadable: File;
  file_encrypted: File;
  /** `count`: the document's pages. */
  file_too_many_pages: File & { count: number; maxPages: number };
  file_not_word: File;
  file_archive_damaged: File;
  file_archive_too_many_entries: File;
  file_zip_bomb: File;
  file_too_large: File;
  file_read_timeout: File;
  file_read_cancelled: File;
  file_server_busy: File;
  file_server_stopping: File;
  ai_fallback_timeout: None;
  ai_fallback_rate_limited: None;
  ai_fallback_http_error: None;
  ai_fallback_invalid_output: None;
  ai_fallback_budget: None;
  ai_allowance_used_up: None;
  ai_too_little_material: None;
  /** `made`: the items drawn from the material; `asked`: how many were asked for. */
  ai_thin_material: { made: number; asked: number };
  /** `topic`: the plan's topic none of the subject's files speaks of; `subject`: its subject. */
  topic_without_material: { topic: string; subject: string };
  block_end_not_after_start: Block;
  block_too_long: Block & { maxHours: number };
  block_outside_period: Block;
  block_on_or_after_exam: Block;
  block_not_study_day: Block;
  block_outside_study_hours: Block;
  block_hour_not_free: Block & { hourTime: string };
  /** `busyStartTime`-`busyEndTime`: the busy time the block touches. */
  block_on_busy_time: Block & { busyStartTime: string; busyEndTime: string };
  block_overlap: Block & { otherSubject: string; otherStartTime: string; otherEndTime: string };
  block_day_over_hours: { blockDate: string; plannedHours: number; availableHours: number };
  class_plan_by_hand: { plan: string };
  class_plan_gone: None;
  legacy_text: { text: string };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Hours in English text: whole or one decimal. */
export function fmtHours(h: number): string {
  const r = Math.round(h * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** 'YYYY-MM-DD' as "12 Mar". */
const date = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
const weekdays = (list: number[]) => list.map((d) => `${WEEKDAYS[d]}s`).join(', ');
const h = fmtHours;
const skipped = (file: string, why: string) => `${file}: the file ${why}, so it was skipped.`;
const block = (p: Block) => `${p.subject} on ${p.blockDate} ${p.startTime}-${p.endTime}`;
const fallback = (why: string) =>
  `The AI provider ${why}, so this answer comes from the built-in study helper.`;

type English = { [C in NoticeCode]: (p: NoticeParams[C]) => string };

const english: English = {
  plan_period_invalid: () =>
    'The study period is invalid: the end date must be on or after the start date.',
  plan_no_study_time: () =>
    'No study time is available: enable at least one day with hours above 0 and free slots inside its time window.',
  plan_deadline_not_after_start: (p) =>
    `${p.subject}: the deadline ${date(p.deadlineDate)} is not after the start of the period (${date(p.startDate)}), so there is no time to study for it.`,
  plan_deadline_after_end: (p) =>
    `${p.subject}: the deadline ${date(p.deadlineDate)} is after the end of the period (${date(p.endDate)}); the plan stops there and has no final review before the exam.`,
  plan_short_before_deadline: (p) =>
    `${p.subject} needs about ${h(p.needHours)} h before ${date(p.deadlineDate)}, only ${h(p.gotHours)} h are available.`,
  plan_short_in_period: (p) =>
    `${p.subject} needs about ${h(p.needHours)} h in this period, only ${h(p.gotHours)} h are available.`,
  plan_no_final_review: (p) =>
    `${p.subject}: no free session in the ${p.count} days before the exam (${date(p.examDate)}), so the plan has no final review for it.`,
  plan_exam_week_crowded: (p) =>
    `${p.subject}: ${h(p.weekHours)} of its ${h(p.totalHours)} h fall in the week before the exam (${date(p.examDate)}), as the other subjects need the time before it.`,
  plan_day_slots_too_tight: (p) =>
    `On ${weekdays(p.weekdays)} you allow ${h(p.allowedHours)} h, but the free slots between ${p.fromTime} and ${p.toTime} fit only ${h(p.fitHours)} h of ${h(p.sessionHours)}-h sessions with breaks.`,
  plan_days_too_long: (p) =>
    `More than ${h(p.limitHours)} h of study a day is hard to sustain (${weekdays(p.weekdays)}); about 4-5 h of focused study is a realistic ceiling.`,
  plan_weeks_too_full: (p) =>
    `Your subjects' needs require booking more than ${p.percent}% of your free time in some weeks (${date(p.fromDate)} to ${date(p.toDate)}: ${h(p.usedHours)} of ${h(p.freeHours)} h), which leaves little room to make up a missed session.`,
  plan_missed_session_not_made_up: (p) =>
    `${p.subject}: no free place is left before the exam to make up the missed session of ${date(p.missedDate)}.`,
  replan_nothing_to_do: () => 'Nothing to re-plan: no missed or unfinished session is waiting.',
  replan_not_made_up: (p) =>
    `${p.subject}: ${h(p.moreHours)} h of unfinished work no longer fit before ${date(p.deadlineDate)}; choose one of the ways out offered.`,
  tradeoff_add_time: (p) =>
    `Add ${h(p.addHours)} h on ${date(p.blockDate)}${p.count > 1 ? ` and ${p.count - 1} more day(s)` : ''} (${p.subject} back on track).`,
  tradeoff_move_exam: (p) =>
    `Move the ${p.subject} exam date from ${date(p.examDate)} to ${date(p.newDate)} (back on track).`,
  tradeoff_drop_topic: (p) =>
    `Drop "${p.topic}" from ${p.subject} (covered ${p.percent}% instead of 100%).`,
  readiness_on_track: (p) => `On track: ${h(p.doneHours)} of ${h(p.needHours)} h done.`,
  readiness_needs_more: (p) => `Needs ${h(p.moreHours)} h more before ${date(p.deadlineDate)}.`,
  readiness_behind: (p) =>
    `Needs ${h(p.moreHours)} h more before ${date(p.deadlineDate)}, and only ${h(p.freeHours)} h of free time are left.`,
  wish_no_study_days: (p) => `Applied your wish: no study on ${weekdays(p.weekdays)}.`,
  wish_not_before: (p) => `Applied your wish: no session before ${p.startTime}.`,
  wish_not_after: (p) => `Applied your wish: no session after ${p.endTime}.`,
  wish_max_hours: (p) => `Applied your wish: at most ${p.maxHours} h a day.`,
  wish_prefer_mornings: () => 'Applied your wish: mornings preferred where your free slots allow.',
  wish_prefer_afternoons: () =>
    'Applied your wish: afternoons preferred where your free slots allow.',
  wish_prefer_evenings: () => 'Applied your wish: evenings preferred where your free slots allow.',
  wish_not_understood: (p) => `Not understood, so not applied: "${p.wish}".`,
  file_empty: (p) => `${p.file}: the file is empty.`,
  file_type_not_supported: (p) =>
    `${p.file}: not a PDF, Word (.docx), text or Markdown file, so it was skipped.`,
  file_type_mismatch: (p) => skipped(p.file, 'is not what its name says'),
  file_no_text: (p) =>
    `${p.file}: no text was found in it (a scan without text?), so it was skipped.`,
  file_over_text_limit: (p) =>
    `${p.file}: not read, since the files before it already hold as much text as is kept.`,
  file_unreadable: (p) => skipped(p.file, 'could not be read'),
  file_encrypted: (p) => skipped(p.file, 'is encrypted'),
  file_too_many_pages: (p) =>
    skipped(p.file, `has ${p.count} pages; at most ${p.maxPages} are read`),
  file_not_word: (p) => skipped(p.file, 'is not a Word document'),
  file_archive_damaged: (p) => skipped(p.file, 'is a damaged archive'),
  file_archive_too_many_entries: (p) => skipped(p.file, 'holds too many parts'),
  file_zip_bomb: (p) => skipped(p.file, 'unpacks to far more than its size (a zip bomb?)'),
  file_too_large: (p) => skipped(p.file, 'is too large to read'),
  file_read_timeout: (p) => skipped(p.file, 'took too long to read'),
  file_read_cancelled: (p) => `${p.file}: not read, as the request was cancelled.`,
  file_server_busy: (p) => `${p.file}: not read, as the server is busy; try again soon.`,
  file_server_stopping: (p) => `${p.file}: not read, as the server is stopping.`,
  ai_fallback_timeout: () => fallback('did not answer in time'),
  ai_fallback_rate_limited: () => fallback('is busy (rate limit reached)'),
  ai_fallback_http_error: () => fallback('could not be reached or returned an error'),
  ai_fallback_invalid_output: () => fallback('gave an answer in the wrong format'),
  ai_fallback_budget: () =>
    fallback('has answered as many requests as this server allows per minute'),
  ai_allowance_used_up: () =>
    'Your AI allowance for this minute ran out, so the rest of the topics were written by the built-in study helper. You can ask the AI about them later.',
  ai_too_little_material: () =>
    'There is too little material in this lesson for that. Add notes to the topic or upload files to the subject, then try again.',
  topic_without_material: (p) =>
    `“${p.topic}” (${p.subject}): none of the files you uploaded speaks of it, so its lesson is written from its name alone. Upload notes for it, or check that its name is the one your notes use.`,
  ai_thin_material: (p) =>
    `This lesson's material was enough for only ${p.made} of the ${p.asked} items asked for. Add notes with definitions ("X is ..."), causes ("... because ...") and comparisons, or upload files to the subject, for more.`,
  block_end_not_after_start: (p) => `${block(p)}: the end must be after the start.`,
  block_too_long: (p) => `${block(p)}: a block can last at most ${h(p.maxHours)} hours.`,
  block_outside_period: (p) => `${block(p)}: the date is outside the study period.`,
  block_on_or_after_exam: (p) => `${block(p)}: the date is on or after the exam day.`,
  block_not_study_day: (p) => `${block(p)}: that day is not a study day.`,
  block_outside_study_hours: (p) => `${block(p)}: the block is outside that day's study hours.`,
  block_hour_not_free: (p) => `${block(p)}: the hour ${p.hourTime} is not free.`,
  block_on_busy_time: (p) =>
    `${block(p)}: it overlaps your busy time ${p.busyStartTime}-${p.busyEndTime}.`,
  block_overlap: (p) =>
    `${p.blockDate}: ${p.subject} ${p.startTime}-${p.endTime} overlaps ${p.otherSubject} ${p.otherStartTime}-${p.otherEndTime}.`,
  block_day_over_hours: (p) =>
    `${p.blockDate}: ${h(p.plannedHours)} h planned, more than the ${h(p.availableHours)} h available that day.`,
  class_plan_by_hand: (p) =>
    `${p.plan} was made by hand, so no free time is known to place the class's sessions in: give it your study week on the class's page, or add the sessions yourself.`,
  class_plan_gone: () =>
    'The plan that held this class is deleted. Leave the class and join it again to get a new copy.',
  legacy_text: (p) => p.text,
};

type Args<C extends NoticeCode> = NoticeParams[C] extends None ? [] : [params: NoticeParams[C]];

/** A notice: its code, its params (hours rounded to 0.01) and its English text. */
export function notice<C extends NoticeCode>(code: C, ...args: Args<C>): Notice {
  const params: Record<string, unknown> = { ...args[0] };
  for (const [key, value] of Object.entries(params))
    if (key.endsWith('Hours') && typeof value === 'number')
      params[key] = Math.round(value * 100) / 100;
  return {
    code,
    params: params as Notice['params'],
    message: english[code](params as NoticeParams[C]),
  };
}

/**
 * Notices read back from storage (a JSON array). Notes saved before notices had codes are
 * plain strings; they, and notices whose code has since gone, keep their English text.
 */
export function storedNotices(json: string | null): Notice[] {
  let list: unknown;
  try {
    list = JSON.parse(json ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): Notice[] => {
    if (typeof item === 'string') return [notice('legacy_text', { text: item })];
    const parsed = noticeSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    const message = (item as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? [notice('legacy_text', { text: message })] : [];
  });
}
