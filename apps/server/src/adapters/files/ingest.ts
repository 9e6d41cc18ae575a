import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { detectKind, type FileKind } from './detect.js';
import { checkZip } from './zip-guard.js';

export interface IngestedFile {
  /** As the student named it; shown back, never used as a path. */
  name: string;
  kind: Exclude<FileKind, 'unknown'>;
  sha256: string;
  size: number;
  text: string;
  data: Buffer;
}

export interface IngestResult {
  file?: IngestedFile;
  warning?: string;
}

export const INGEST_LIMITS = {
  timeoutMs: 30_000,
  maxTextChars: 2_000_000,
  workerHeapMb: 256,
} as const;

const fromSource = import.meta.url.endsWith('.ts');

/**
 * The worker's entry: the built JS file, or, when running from TypeScript source (tests,
 * `npm run dev`), a bootstrap that registers tsx inside the worker first, since loader flags
 * given to the parent do not reach a worker's entry module.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!fromSource) return { entry: new URL('./extract-worker.js', import.meta.url), eval: false };
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/package.json')
      .replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  ).href;
  const target = new URL('./extract-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(target)}); })`;
  return { entry: code, eval: true };
}

function inWorker(kind: 'pdf' | 'docx', data: Buffer, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const { entry, eval: isEval } = workerEntry();
    const worker = new Worker(entry, {
      eval: isEval,
      workerData: { kind, data: new Uint8Array(data) },
      resourceLimits: { maxOldGenerationSizeMb: INGEST_LIMITS.workerHeapMb },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('took too long to read'));
    }, timeoutMs);
    worker.once('message', (m: { ok: boolean; text?: string; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.ok) resolve(m.text ?? '');
      else reject(new Error(m.error ?? 'could not be read'));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(/memory/i.test(err.message) ? 'is too large to read' : 'could not be read'));
    });
  });
}

const EXTENSIONS: Record<string, Exclude<FileKind, 'unknown'>> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'text',
  md: 'text',
  markdown: 'text',
};

/** The kind a file name claims, from an allowlist of extensions. */
function kindOfName(name: string): Exclude<FileKind, 'unknown'> | undefined {
  const ext = name.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return ext ? EXTENSIONS[ext] : undefined;
}

/**
 * Turns one uploaded file into text: type by content, archives checked before inflating,
 * parsing in a worker under a time limit. A file that cannot be read becomes a warning that
 * names it, never a failed request.
 */
export async function ingestFile(
  name: string,
  data: Buffer,
  timeoutMs: number = INGEST_LIMITS.timeoutMs,
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
  let text: string;
  try {
    if (kind === 'text') text = data.toString('utf8');
    else {
      if (kind === 'docx') {
        const problem = await checkZip(data);
        if (problem) return { warning: `${shown}: ${problem}, so it was skipped.` };
      }
      text = await inWorker(kind, data, timeoutMs);
    }
  } catch (err) {
    return { warning: `${shown}: the file ${(err as Error).message}, so it was skipped.` };
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, INGEST_LIMITS.maxTextChars);
  if (text.length === 0) {
    return {
      warning: `${shown}: no text was found in it (a scan without text?), so it was skipped.`,
    };
  }
  const sha256 = createHash('sha256').update(data).digest('hex');
  return { file: { name: shown, kind, sha256, size: data.length, text, data } };
}

/** Keeps the original under DATA_DIR by content hash; the uploaded name never becomes a path. */
export function storeOriginal(dataDir: string, file: IngestedFile): void {
  const dir = join(dataDir, 'uploads', file.sha256.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, file.sha256), file.data, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
