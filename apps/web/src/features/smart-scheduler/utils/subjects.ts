import { subjectNameClashMessage, subjectNameKey, WIZARD } from '@studybuddy/contracts';
import { isIsoDate } from './dates';

/** '' = not set; otherwise High = 2, Medium = 1, Low = 0 (SPEC.md section 3). */
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
  /**
   * Files chosen before a page reload: File objects cannot be stored, so only their names and
   * sizes come back, to ask for them again. Cleared as the same files are chosen again.
   */
  missingFiles?: { name: string; size: number }[];
}

export const PRIORITY_CHOICES: readonly { value: PriorityChoice; label: string }[] = [
  { value: '', label: 'Not set' },
  { value: '2', label: 'High' },
  { value: '1', label: 'Medium' },
  { value: '0', label: 'Low' },
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
  };
}

const fileKey = (f: File) => `${f.name}\u0000${f.size}`;

/**
 * Adds chosen files to a subject's list: a file with the same name and size as one already
 * there is skipped (SPEC.md section 5); files of another type, empty or over 20 MB, and files
 * past the tenth are refused with a reason each.
 */
export function addFiles(
  current: readonly File[],
  incoming: readonly File[],
): { files: File[]; problems: string[] } {
  const files = [...current];
  const seen = new Set(files.map(fileKey));
  const problems: string[] = [];
  for (const file of incoming) {
    if (seen.has(fileKey(file))) continue;
    const lower = file.name.toLowerCase();
    if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
      problems.push(`${file.name}: only PDF, DOCX, TXT and Markdown files can be used.`);
      continue;
    }
    if (file.size === 0) {
      problems.push(`${file.name}: the file is empty.`);
      continue;
    }
    if (file.size > WIZARD.fileSizeMax) {
      problems.push(`${file.name}: a file can be at most 20 MB.`);
      continue;
    }
    if (files.length >= WIZARD.filesPerSubject) {
      problems.push(`${file.name}: a subject can have at most ${WIZARD.filesPerSubject} files.`);
      continue;
    }
    seen.add(fileKey(file));
    files.push(file);
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

export type SubjectField = 'name' | 'keyTopics' | 'deadline' | 'files';

export interface SubjectError {
  /** Index in the list (the message counts from 1). */
  index: number;
  field: SubjectField | null;
  message: string;
}

/**
 * The first problem of step 3 (SPEC.md section 5), subject by subject: 'Subject {n}: Name is
 * required.' or 'Subject {n}: Key topics must be at least 50 characters.' first, then the
 * limits the server also enforces.
 */
export function validateSubjects(
  subjects: readonly SubjectDraft[],
  period: { start: string; end: string } | null,
): SubjectError | null {
  if (subjects.length === 0) {
    return { index: -1, field: null, message: 'Add at least one subject.' };
  }
  if (subjects.length > WIZARD.subjectsMax) {
    return { index: -1, field: null, message: `Add at most ${WIZARD.subjectsMax} subjects.` };
  }
  const seen = new Map<string, string>();
  for (const [index, s] of subjects.entries()) {
    const n = index + 1;
    const fail = (field: SubjectField | null, text: string): SubjectError => ({
      index,
      field,
      message: `Subject ${n}: ${text}`,
    });
    const name = s.name.trim();
    if (!name) return fail('name', 'Name is required.');
    if (name.length > 200) return fail('name', 'Name must be at most 200 characters.');
    const topics = s.keyTopics.trim();
    if (topics.length < WIZARD.keyTopicsMin) {
      return fail('keyTopics', 'Key topics must be at least 50 characters.');
    }
    if (topics.length > WIZARD.keyTopicsMax) {
      return fail('keyTopics', 'Key topics must be at most 10000 characters.');
    }
    if (s.deadline) {
      const inside =
        isIsoDate(s.deadline) &&
        (!period || (s.deadline > period.start && s.deadline <= period.end));
      if (!inside) {
        return fail('deadline', 'The deadline must be after the start date and inside the period.');
      }
    }
    if (s.missingFiles?.length) {
      return fail('files', 'Choose its files again after the page reload, or leave them out.');
    }
    // The server's rule, so a clash is caught here rather than after the upload.
    const key = subjectNameKey(name);
    const earlier = seen.get(key);
    if (earlier !== undefined) return fail('name', subjectNameClashMessage(earlier, name));
    seen.set(key, name);
  }
  const total = subjects.reduce((sum, s) => sum + s.files.reduce((a, f) => a + f.size, 0), 0);
  if (total > WIZARD.requestSizeMax) {
    return {
      index: -1,
      field: null,
      message: 'Your files add up to more than 50 MB. Remove some to continue.',
    };
  }
  return null;
}
