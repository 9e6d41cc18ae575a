import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fromSource, tsxLoaderUrl } from '../run-from-source.js';
import type { ParseJob, ParseReady, ParseReply, ParseResult } from './parse-child.js';
import type { ParseFailure } from './parse-document.js';
import { joinPages, type PageRun } from './pdf-pages.js';

export interface ParsePoolOptions {
  /** Child processes reading documents at once. */
  size: number;
  /** Memory each child may take past its idle size (an operating-system limit on its data segment), in MB. */
  memoryMb: number;
  /** Time one document may take. */
  timeoutMs: number;
  /** Documents waiting for a child; past this the server is busy. */
  maxQueue: number;
}

export const PARSE_POOL_DEFAULTS: ParsePoolOptions = {
  size: 2,
  memoryMb: 512,
  timeoutMs: 30_000,
  maxQueue: 32,
};

/** Why a document was not read, as the notice that tells the student (without the file). */
export class ParseError extends Error {
  readonly failure: ParseFailure;
  constructor(
    failure: ParseFailure | Exclude<ParseFailure['code'], 'file_too_many_pages'>,
    readonly tooLarge = false,
  ) {
    const f: ParseFailure = typeof failure === 'string' ? { code: failure } : failure;
    super(f.code);
    this.failure = f;
  }
}

interface Task {
  job: Omit<ParseJob, 'id'>;
  signal: AbortSignal | undefined;
  resolve(result: ParseResult): void;
  reject(err: Error): void;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  /** Loaded and capped: it reads a document as soon as it is given one. */
  started: boolean;
  busy: boolean;
  /** Resident memory when loaded, in KB (0 until it says): the base of what a read adds. */
  idleRssKb: number;
}

const execFileAsync = promisify(execFile);

const textOf = (r: ParseResult): string => ('text' in r ? r.text : joinPages([r.pages]));

/**
 * How much lower a reader's CPU priority is than the server's (nice value, up to 19): when a document and the server want the same core, the
 * server's requests go first, so one student's uploads barely slow everyone else's answers. The
 * reader still takes all the CPU nobody else wants. Lowering one's own child needs no privilege.
 */
export const PARSE_NICENESS = 10;

function lowerPriority(proc: ChildProcess): void {
  if (proc.pid === undefined) return;
  try {
    setPriority(proc.pid, Math.min(19, getPriority() + PARSE_NICENESS));
  } catch {
    // A platform without priorities: the reader runs at the server's.
  }
}
const MB = 1024 * 1024;

/** `prlimit` sets the child's memory limit; without it (not Linux) the heap limit remains. */
function findPrlimit(): string | undefined {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return 'prlimit';
  } catch {
    return undefined;
  }
}

/**
 * Long-lived child processes that read PDF and Word files, one document each at a time.
 * A child process rather than a worker thread, because only a process can be given a memory
 * limit that counts the buffers pdf.js and mammoth inflate into (a worker's heap limit does
 * not). Children stay warm between files; one that failed, timed out or grew large is
 * replaced, which also gives its memory back to the system.
 */
export function createParsePool(options: Partial<ParsePoolOptions> = {}) {
  const opts = { ...PARSE_POOL_DEFAULTS, ...options };
  const prlimit = findPrlimit();
  const entry = fileURLToPath(
    new URL(`./parse-child.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
  const heapMb = Math.max(64, Math.floor(opts.memoryMb / 2));
  const children: Child[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  /**
   * The most a read added to a child's resident memory (its peak over its idle size), for the
   * benchmark: the operating system's limit is counted from the idle size too.
   */
  let peakGrowthKb = 0;
  /** PDFs read in two runs at once (for tests and the benchmark). */
  let splitReads = 0;

  function startChild(): Child {
    const node = [
      ...(fromSource ? ['--import', tsxLoaderUrl()] : []),
      `--max-old-space-size=${heapMb}`,
      entry,
    ];
    const proc = spawn(process.execPath, node, {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    // Drained so a chatty child never blocks on a full pipe; its errors are not the student's.
    proc.stderr?.resume();
    lowerPriority(proc);
    // An idle child never keeps the server's process alive; a busy one is ref'ed in run().
    proc.unref();
    proc.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: ParseReady) => {
        if (m?.ready) {
          proc.off('message', onMessage);
          child.idleRssKb = m.idleRssKb;
          capMemory(proc, m.idleDataKb).then(resolve, (err: unknown) => {
            // A child that could not be capped reads nothing: it could take the machine.
            proc.kill('SIGKILL');
            reject(err);
          });
        }
      };
      proc.on('message', onMessage);
      proc.once('exit', () => reject(new ParseError('file_unreadable')));
      proc.once('error', () => reject(new ParseError('file_unreadable')));
    });
    ready.catch(() => {});
    const child: Child = { process: proc, ready, started: false, busy: false, idleRssKb: 0 };
    ready.then(
      () => {
        child.started = true;
      },
      () => {},
    );
    proc.once('exit', () => {
      const i = children.indexOf(child);
      if (i >= 0) children.splice(i, 1);
      pump();
    });
    children.push(child);
    return child;
  }

  /**
   * Caps a loaded child's data segment at its idle size plus `memoryMb`, before it reads any
   * document. Set on the running process rather than at spawn, because the idle size is not
   * known before: it is ten times larger on Node 24 than on Node 20, and a fixed cap set at
   * spawn left Node 24 children unable to start at all.
   */
  async function capMemory(proc: ChildProcess, idleDataKb: number | undefined): Promise<void> {
    if (!prlimit) return;
    if (proc.pid === undefined || idleDataKb === undefined) {
      throw new ParseError('file_unreadable');
    }
    const limit = idleDataKb * 1024 + opts.memoryMb * MB;
    await execFileAsync(prlimit, ['--pid', String(proc.pid), `--data=${limit}`]);
  }

  /**
   * True when a PDF may be read in two runs of pages at once: two readers are started and idle
   * and no document waits. Otherwise the readers are better spent on separate documents. With
   * one idle reader and room for another, that one is started for the next PDF.
   */
  function canSplit(): boolean {
    if (opts.size < 2 || queue.length > 0) return false;
    const idle = children.filter((c) => !c.busy);
    if (idle.length === 1 && children.length < opts.size) startChild();
    return idle.filter((c) => c.started).length >= 2;
  }

  function retire(child: Child): void {
    const i = children.indexOf(child);
    if (i >= 0) children.splice(i, 1);
    child.process.kill('SIGKILL');
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      let child = children.find((c) => !c.busy);
      if (!child && children.length < opts.size) child = startChild();
      if (!child) return;
      const task = queue.shift() as Task;
      if (task.signal?.aborted) {
        task.reject(new ParseError('file_read_cancelled'));
        continue;
      }
      run(child, task);
    }
  }

  function run(child: Child, task: Task): void {
    child.busy = true;
    child.process.channel?.ref();
    const id = nextId++;
    let done = false;
    const finish = (err: Error | undefined, result?: ParseResult, keep = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      task.signal?.removeEventListener('abort', onAbort);
      child.process.off('message', onMessage);
      child.process.off('exit', onExit);
      child.process.channel?.unref();
      child.busy = false;
      if (!keep) retire(child);
      if (err) task.reject(err);
      else task.resolve(result ?? { text: '' });
      pump();
    };
    const timer = setTimeout(() => finish(new ParseError('file_read_timeout')), opts.timeoutMs);
    const onAbort = () => finish(new ParseError('file_read_cancelled'));
    const onExit = () => finish(new ParseError('file_too_large', true));
    const onMessage = (m: ParseReply) => {
      if (m?.id !== id) return;
      const grewKb = m.maxRssKb - child.idleRssKb;
      peakGrowthKb = Math.max(peakGrowthKb, grewKb);
      // A child that grew past half its limit is replaced to give the memory back.
      const keep = grewKb * 1024 < (opts.memoryMb * MB) / 2;
      if (m.ok) finish(undefined, 'pages' in m ? { pages: m.pages } : { text: m.text }, keep);
      else finish(new ParseError(m.error, m.tooLarge), undefined, keep && !m.tooLarge);
    };
    task.signal?.addEventListener('abort', onAbort, { once: true });
    child.process.on('message', onMessage);
    child.process.once('exit', onExit);
    child.ready.then(
      () => {
        if (!done) child.process.send({ id, ...task.job } satisfies ParseJob);
      },
      () => finish(new ParseError('file_unreadable')),
    );
  }

  return {
    /** True when the operating system caps each child's memory. */
    memoryCapped: prlimit !== undefined,
    /** The text of a PDF or DOCX file; rejects with a ParseError saying why not. */
    parse(kind: 'pdf' | 'docx', data: Uint8Array, signal?: AbortSignal): Promise<string> {
      if (closed) return Promise.reject(new ParseError('file_server_stopping'));
      if (queue.length >= opts.maxQueue) {
        return Promise.reject(new ParseError('file_server_busy'));
      }
      const read = (run?: PageRun) =>
        new Promise<ParseResult>((resolve, reject) => {
          queue.push({ job: { kind, data, ...(run ? { run } : {}) }, signal, resolve, reject });
          pump();
        });
      if (kind !== 'pdf' || !canSplit()) return read().then(textOf);
      // Two idle readers and nothing waiting: each reads half of the pages, at once.
      splitReads++;
      return Promise.all([read({ index: 0, of: 2 }), read({ index: 1, of: 2 })]).then((runs) =>
        joinPages(runs.map((r) => ('pages' in r ? r.pages : [r.text]))),
      );
    },
    peakGrowthKb: () => peakGrowthKb,
    splitReads: () => splitReads,
    /** Process ids of the running children, for tests. */
    pids: () => children.flatMap((c) => (c.process.pid ? [c.process.pid] : [])),
    /** The loaded children and their idle size, for the benchmark's memory sampling. */
    loaded: () =>
      children.flatMap((c) =>
        c.started && c.process.pid ? [{ pid: c.process.pid, idleRssKb: c.idleRssKb }] : [],
      ),
    async close(): Promise<void> {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new ParseError('file_server_stopping'));
      for (const c of [...children]) retire(c);
    },
  };
}
export type ParsePool = ReturnType<typeof createParsePool>;
