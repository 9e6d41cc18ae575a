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
  warning?: string;
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
  // Control characters (CR, LF...) in a client-sent name must not reach warnings or logs.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const shown = name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'file';
  if (data.length === 0) return { warning: `${shown}: the file is empty.` };
  const kind = detectKind(data);
  const claimed = kindOfName(shown);
  if (kind === 'unknown' || claimed === undefined) {
    return {
      warning: `${shown}: not a PDF, Word (.docx), text or Markdown file, so it was skipped.`,
    };
  }
  if (claimed !== kind) {
    return { warning: `${shown}: the file is not what its name says, so it was skipped.` };
  }
  const maxChars = Math.min(
    opts.maxChars ?? INGEST_LIMITS.maxTextChars,
    INGEST_LIMITS.maxTextChars,
  );
  let text: string;
  // Hashing 20 MB takes ~40 ms: on the pool too, while the file is parsed.
  const sha256 = readers.work.run<string>({ kind: 'sha256', data }, opts.signal);
  sha256.catch(() => {});
  try {
    const raw =
      kind === 'text' ? data : Buffer.from(await readers.parse.parse(kind, data, opts.signal));
    text = await readers.work.run<string>({ kind: 'text', data: raw, maxChars }, opts.signal);
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    return { warning: `${shown}: the file ${err.message}, so it was skipped.` };
  }
  if (text.length === 0) {
    return {
      warning: `${shown}: no text was found in it (a scan without text?), so it was skipped.`,
    };
  }
  return { file: { name: shown, kind, sha256: await sha256, size: data.length, text } };
}
