import type { Notice } from '@studybuddy/contracts';
import { notice } from '../../domain/notices.js';
import type { WorkPool } from '../work/work-pool.js';
import { detectKind, type FileKind } from './detect.js';
import { ParseError, type ParsePool } from './parse-pool.js';

export interface IngestedFile {
  /** As the student named it; shown back, never used as a path. */
  name: string;
  kind: Exclude<FileKind, 'unknown'>;
  sha256: string;
  size: number;
  text: string;
}

export interface IngestResult {
  file?: IngestedFile;
  warning?: Notice;
}

/** Where files are read: PDF and DOCX in memory-capped child processes, text on the work pool. */
export interface FileReaders {
  parse: ParsePool;
  work: WorkPool;
}

export const INGEST_LIMITS = {
  /** Text kept per file. */
  maxTextChars: 2_000_000,
} as const;

const EXTENSIONS: Record<string, Exclude<FileKind, 'unknown'>> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'text',
  md: 'text',
  markdown: 'text',
};

/** A client-sent name as shown back: no control characters (CR, LF...), at most 200 chars. */
function shownName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'file';
}

/** The kind a file name claims, from an allowlist of extensions. */
function kindOfName(name: string): Exclude<FileKind, 'unknown'> | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[name.slice(dot + 1).toLowerCase()];
}

/**
 * Turns one uploaded file into text: type by content, parsing off the event loop under time
 * and memory limits. A file that cannot be read becomes a warning that names it, never a
 * failed request. `maxChars` caps the text kept (the request's remaining text allowance).
 */
export async function ingestFile(
  name: string,
  data: Buffer,
  readers: FileReaders,
  opts: { signal?: AbortSignal; maxChars?: number } = {},
): Promise<IngestResult> {
  // Control characters in a client-sent name must not reach warnings or logs.
  const file = shownName(name);
  if (data.length === 0) return { warning: notice('file_empty', { file }) };
  const kind = detectKind(data);
  const claimed = kindOfName(file);
  if (kind === 'unknown' || claimed === undefined) {
    return { warning: notice('file_type_not_supported', { file }) };
  }
  if (claimed !== kind) return { warning: notice('file_type_mismatch', { file }) };
  const maxChars = Math.min(
    opts.maxChars ?? INGEST_LIMITS.maxTextChars,
    INGEST_LIMITS.maxTextChars,
  );
  let read: { text: string; sha256: string };
  try {
    const parsed = kind === 'text' ? undefined : await readers.parse.parse(kind, data, opts.signal);
    // One trip to the pool: hashing 20 MB (~40 ms) and normalising the text stay off the loop.
    read = await readers.work.run<{ text: string; sha256: string }>(
      { kind: 'file', data, ...(parsed === undefined ? {} : { text: parsed }), maxChars },
      opts.signal,
    );
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    const f = err.failure;
    return {
      warning:
        f.code === 'file_too_many_pages'
          ? notice(f.code, { file, count: f.count, maxPages: f.maxPages })
          : notice(f.code, { file }),
    };
  }
  const { text, sha256 } = read;
  if (text.length === 0) return { warning: notice('file_no_text', { file }) };
  return { file: { name: file, kind, sha256, size: data.length, text } };
}

/**
 * The files of one request in order, as text, within `maxChars` in all: past it the further
 * files are named in a warning and not read. `onRefused` hears of each file that could not
 * be read (the routes log it).
 */
export async function ingestFiles(
  files: { filename: string; data: Buffer }[],
  readers: FileReaders,
  opts: {
    maxChars: number;
    signal?: AbortSignal | undefined;
    onRefused?: (warning: Notice) => void;
  },
): Promise<{ files: IngestedFile[]; warnings: Notice[] }> {
  const read: IngestedFile[] = [];
  const warnings: Notice[] = [];
  let chars = opts.maxChars;
  for (const f of files) {
    if (chars <= 0) {
      warnings.push(notice('file_over_text_limit', { file: shownName(f.filename) }));
      continue;
    }
    const r = await ingestFile(f.filename, f.data, readers, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      maxChars: chars,
    });
    if (r.file) {
      read.push(r.file);
      chars -= r.file.text.length;
    }
    if (r.warning) {
      warnings.push(r.warning);
      if (!r.file) opts.onRefused?.(r.warning);
    }
  }
  return { files: read, warnings };
}
