import { estimateHoursNeeded, estimateWeeklyHours, WIZARD } from '@studybuddy/contracts';

/** '' = not set; otherwise High = 2, Medium = 1, Low = 0, as the contract numbers them. */
export type PriorityChoice = '' | '0' | '1' | '2';

/** One subject of step 3 as the student edits it. */
export interface SubjectDraft {
  /** Stable id for React keys and the expanded subject; never sent. */
  id: string;
  name: string;
  keyTopics: string;
  /** 'YYYY-MM-DD' or '' (none). */
  deadline: string;
  priority: PriorityChoice;
  files: File[];
  /** Hours needed before the exam as typed ('' or absent: our estimate); with a deadline only. */
  hoursNeeded?: string;
  /** Hours a week as typed ('' or absent: our estimate); without a deadline only. */
  weeklyHours?: string;
  /**
   * Files chosen before a page reload: File objects cannot be stored, so only their names and
   * sizes come back, to ask for them again. Cleared as the same files are chosen again.
   */
  missingFiles?: { name: string; size: number }[];
}

/** The priority choices in their order; each label is `smartScheduler.wizard.priority.<label>`. */
export const PRIORITY_CHOICES: readonly { value: PriorityChoice; label: string }[] = [
  { value: '', label: 'none' },
  { value: '2', label: 'high' },
  { value: '1', label: 'medium' },
  { value: '0', label: 'low' },
];

export const ACCEPTED_FILE_TYPES = '.pdf,.docx,.txt,.md';
const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.txt', '.md'];

let counter = 0;
/** A fresh, empty subject. */
export function newSubject(): SubjectDraft {
  counter += 1;
  return {
    id: `s${Date.now().toString(36)}${counter}`,
    name: '',
    keyTopics: '',
    deadline: '',
    priority: '',
    files: [],
    hoursNeeded: '',
    weeklyHours: '',
  };
}

const fileKey = (f: File) => `${f.name}\u0000${f.size}`;

/** Why a chosen file was refused; each is `smartScheduler.wizard.files.problems.<reason>`. */
export type FileProblemReason = 'type' | 'empty' | 'tooLarge' | 'tooMany';

/** A refused file, by its name. */
export interface FileProblem {
  file: string;
  reason: FileProblemReason;
}

/**
 * Adds chosen files to a subject's list: a file with the same name and size as one already
 * there is skipped; files of another type, empty or over 20 MB, and files past the tenth are
 * refused with a reason each.
 */
export function addFiles(
  current: readonly File[],
  incoming: readonly File[],
): { files: File[]; problems: FileProblem[] } {
  const files = [...current];
  const seen = new Set(files.map(fileKey));
  const problems: FileProblem[] = [];
  const refuse = (file: File, reason: FileProblemReason) =>
    problems.push({ file: file.name, reason });
  for (const file of incoming) {
    if (seen.has(fileKey(file))) continue;
    const lower = file.name.toLowerCase();
    if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) refuse(file, 'type');
    else if (file.size === 0) refuse(file, 'empty');
    else if (file.size > WIZARD.fileSizeMax) refuse(file, 'tooLarge');
    else if (files.length >= WIZARD.filesPerSubject) refuse(file, 'tooMany');
    else {
      seen.add(fileKey(file));
      files.push(file);
    }
  }
  return { files, problems };
}

/** The files still to choose again after a reload, once `files` are chosen. */
export function stillMissing(
  missing: SubjectDraft['missingFiles'],
  files: readonly File[],
): SubjectDraft['missingFiles'] {
  const chosen = new Set(files.map(fileKey));
  const rest = (missing ?? []).filter((m) => !chosen.has(`${m.name}\u0000${m.size}`));
  return rest.length > 0 ? rest : undefined;
}

/** A file size for people: '512 B', '3.4 KB', '1.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The fields of a subject that can be in error, in the order the student meets them. */
export const SUBJECT_FIELDS = [
  'name',
  'keyTopics',
  'deadline',
  'hoursNeeded',
  'weeklyHours',
  'files',
] as const;
export type SubjectField = (typeof SUBJECT_FIELDS)[number];

/** The workload of a subject: hours needed before its exam, or hours a week without one. */
export interface SubjectWorkload {
  kind: 'hoursNeeded' | 'weeklyHours';
  /** Our estimate (docs/planner.md, Workload), the same the server books when left empty. */
  estimate: number;
}

/**
 * Our estimate for a subject, from its key topics, its files' sizes (those a reload forgot
 * count too, as they will be chosen again), its priority, the period's length in days and the
 * session length (a need before an exam is whole sessions, as the plan books it).
 */
export function subjectWorkload(
  subject: SubjectDraft,
  periodDays: number,
  sessionLength: number,
): SubjectWorkload {
  const input = {
    keyTopics: subject.keyTopics,
    fileBytes: [
      ...subject.files.map((f) => f.size),
      ...(subject.missingFiles ?? []).map((f) => f.size),
    ],
    priority: subject.priority === '' ? null : (Number(subject.priority) as 0 | 1 | 2),
  };
  return subject.deadline
    ? {
        kind: 'hoursNeeded',
        estimate: estimateHoursNeeded({ ...input, hasExam: true }, sessionLength),
      }
    : { kind: 'weeklyHours', estimate: estimateWeeklyHours(input, periodDays) };
}

/** A typed number of hours, or undefined when the field is empty (our estimate then). */
export function typedHours(value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : Number(text);
}
