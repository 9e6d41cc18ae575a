import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AnkiPackageRead } from '../anki/anki-read.js';
import { AnkiRefusal } from '../anki/anki-refusal.js';
import { fromSource, tsxLoaderUrl } from '../run-from-source.js';
import { splitBudget } from './parse-budget.js';
import type { ParseJob, ParseReady, ParseReply, ParseResult } from './parse-child.js';
import type { ParseFailure } from './parse-document.js';
import { joinPages } from './pdf-pages.js';

export interface ParsePoolOptions {
  /** Child processes reading documents at once, at most: fewer when the budget is small. */
  size: number;
  /**
   * Memory all the children together may take past their idle sizes, in MB: the sum of their
   * operating-system limits (on each one's data segment). See parse-budget.ts.
   */
  memoryMb: number;
  /** Time one document may take. */
  timeoutMs: number;
  /** Documents waiting for a child; past this the server is busy. */
  maxQueue: number;
  /**
   * Told as a child is started and as it is handed a document (or a run of pages), its limit
   * set, with its process id: tests check the limits of the children alive at each.
   */
  watch?: (event: 'start' | 'read', pid: number) => void;
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
  /** Read alone, with the whole budget: it failed for memory within a share. */
  alone: boolean;
  resolve(result: ParseResult): void;
  reject(err: Error): void;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  /** Loaded and capped: it reads a document as soon as it is given one. */
  started: boolean;
  busy: boolean;
  /** Killed, not yet exited: its memory is not yet given back, so its limit still counts. */
  dying: boolean;
  /** Resident memory when loaded, in KB (0 until it says): the base of what a read adds. */
  idleRssKb: number;
  /** Data segment when loaded, in KB (undefined until it says, or without /proc). */
  idleDataKb: number | undefined;
  /** Its part of the budget in MB, what it may add over its idle size; set once (childAlone). */
  limitMb: number;
}

const execFileAsync = promisify(execFile);

const textOf = (r: ParseResult): string =>
  'text' in r ? r.text : 'pages' in r ? joinPages([r.pages]) : '';

/** The result a child's answer carries. */
function resultOf(m: Extract<ParseReply, { ok: true }>): ParseResult {
  if ('anki' in m) return { anki: m.anki };
  return 'pages' in m ? { pages: m.pages } : { text: m.text };
}

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
 * replaced, which also gives its memory back to the system. Their limits add up to one budget,
 * `memoryMb`, whatever the number of documents (parse-budget.ts): the rest wait in the queue.
 */
export function createParsePool(options: Partial<ParsePoolOptions> = {}) {
  const opts = { ...PARSE_POOL_DEFAULTS, ...options };
  const prlimit = findPrlimit();
  const entry = fileURLToPath(
    new URL(`./parse-child.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
  // The heap flag is only a first bound for ordinary documents; the operating system's limit,
  // a share or the whole budget, is the one that holds.
  const heapMb = Math.max(64, Math.floor(opts.memoryMb / 2));
  const { readers, shareMb } = splitBudget(opts.memoryMb, opts.size);
  /** Every child alive, dying ones included, until it has exited. */
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
  /** Documents read again alone after failing for memory within a share (for tests). */
  let aloneReads = 0;

  /** The limits of the children alive, in MB: never more than the budget. */
  const reservedMb = () => children.reduce((sum, c) => sum + c.limitMb, 0);

  function forget(child: Child): void {
    const i = children.indexOf(child);
    if (i < 0) return;
    children.splice(i, 1);
    pump();
  }

  /** A child counted against the budget for `limitMb` from now until it has exited. */
  function startChild(limitMb: number): Child {
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
          child.idleDataKb = m.idleDataKb;
          capMemory(child).then(resolve, (err: unknown) => {
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
    const child: Child = {
      process: proc,
      ready,
      started: false,
      busy: false,
      dying: false,
      idleRssKb: 0,
      idleDataKb: undefined,
      limitMb,
    };
    ready.then(
      () => {
        child.started = true;
      },
      () => {},
    );
    // Its limit stops counting only once the process is gone and its memory with it.
    proc.once('exit', () => forget(child));
    proc.once('error', () => forget(child));
    children.push(child);
    if (proc.pid !== undefined) opts.watch?.('start', proc.pid);
    return child;
  }

  /**
   * Caps a loaded child's data segment at its idle size plus its part of the budget, before it
   * reads any document. Set on the running process rather than at spawn, because the idle size
   * is not known before: it is ten times larger on Node 24 than on Node 20, and a fixed cap set
   * at spawn left Node 24 children unable to start at all.
   */
  async function capMemory(child: Child): Promise<void> {
    if (!prlimit) return;
    const pid = child.process.pid;
    if (pid === undefined || child.idleDataKb === undefined) {
      throw new ParseError('file_unreadable');
    }
    const limit = child.idleDataKb * 1024 + child.limitMb * MB;
    await execFileAsync(prlimit, ['--pid', String(pid), `--data=${limit}`]);
  }

  /**
   * True when a PDF may be read in two runs of pages at once: two readers are started and idle
   * and no document waits. Otherwise the readers are better spent on separate documents. With
   * one idle reader and room for another, that one is started for the next PDF.
   */
  function canSplit(): boolean {
    if (readers < 2 || queue.length > 0) return false;
    const idle = children.filter((c) => !c.busy && !c.dying);
    if (idle.length === 1 && roomForAnother()) startChild(shareMb);
    return idle.filter((c) => c.started).length >= 2;
  }

  /** Another child of a share fits: in the number of readers and in the budget. */
  function roomForAnother(): boolean {
    const alive = children.filter((c) => !c.dying).length;
    return alive < readers && reservedMb() + shareMb <= opts.memoryMb;
  }

  /** Killed at once; its limit counts until it has exited (forget). */
  function retire(child: Child): void {
    if (child.dying) return;
    child.dying = true;
    // Held until it has exited, as work may be waiting for its part of the budget.
    child.process.ref();
    child.process.kill('SIGKILL');
  }

  /** An idle child with a share, or a new one when the budget has room for it. */
  function childForShare(): Child | undefined {
    const idle = children.find((c) => !c.busy && !c.dying);
    if (idle) return idle;
    return roomForAnother() ? startChild(shareMb) : undefined;
  }

  /**
   * The child of a document read alone: a new one with the whole budget as its limit, once the
   * others have finished and exited. Until then the document waits at the head of the queue,
   * and the documents behind it wait too, so it is never overtaken for good. A new child rather
   * than an idle one raised: raising a process's hard limit needs a privilege the server does
   * not have (lowering needs none), so a child's limit is set once.
   */
  function childAlone(): Child | undefined {
    if (children.some((c) => c.busy)) return undefined;
    for (const c of children) retire(c);
    if (children.length > 0) return undefined;
    return startChild(opts.memoryMb);
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const task = queue[0] as Task;
      if (task.signal?.aborted) {
        queue.shift();
        task.reject(new ParseError('file_read_cancelled'));
        continue;
      }
      const child = task.alone ? childAlone() : childForShare();
      if (!child) return;
      queue.shift();
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
      // A child given the whole budget goes after its document, so the others may start again.
      if (!keep || child.limitMb > shareMb) retire(child);
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
      const keep = grewKb * 1024 < (child.limitMb * MB) / 2;
      if (m.ok) finish(undefined, resultOf(m), keep);
      else if (m.refusal) finish(new AnkiRefusal(m.refusal), undefined, keep);
      else finish(new ParseError(m.error, m.tooLarge), undefined, keep && !m.tooLarge);
    };
    task.signal?.addEventListener('abort', onAbort, { once: true });
    child.process.on('message', onMessage);
    child.process.once('exit', onExit);
    child.ready.then(
      () => {
        if (done) return;
        if (child.process.pid !== undefined) opts.watch?.('read', child.process.pid);
        child.process.send({ id, ...task.job } satisfies ParseJob);
      },
      () => finish(new ParseError('file_unreadable')),
    );
  }

  function enqueue(task: Omit<Task, 'resolve' | 'reject'>): Promise<ParseResult> {
    return new Promise<ParseResult>((resolve, reject) => {
      if (closed) return reject(new ParseError('file_server_stopping'));
      // A document read again alone has waited its turn once: it goes first.
      if (task.alone) queue.unshift({ ...task, resolve, reject });
      else queue.push({ ...task, resolve, reject });
      pump();
    });
  }

  /** The document's text: in one run, or in two at once when two children are idle. */
  function readShared(kind: 'pdf' | 'docx', data: Uint8Array, signal?: AbortSignal) {
    if (kind !== 'pdf' || !canSplit())
      return enqueue({ job: { kind, data }, signal, alone: false }).then(textOf);
    // Two idle readers and nothing waiting: each reads half of the pages, at once.
    splitReads++;
    // A run that fails fails the document: the other one is stopped, its memory given back.
    const stop = new AbortController();
    const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    const runs = [0, 1].map((index) =>
      enqueue({ job: { kind, data, run: { index, of: 2 } }, signal: both, alone: false }),
    );
    return Promise.all(runs).then(
      (done) => joinPages(done.map((r) => ('pages' in r ? r.pages : [textOf(r)]))),
      (err: unknown) => {
        stop.abort();
        throw err;
      },
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
      return readShared(kind, data, signal).catch((err: unknown) => {
        // Too large for a share, perhaps not for the whole budget: once more, alone. Only a
        // document that fails alone is too large to read.
        if (!(err instanceof ParseError && err.tooLarge) || shareMb >= opts.memoryMb) throw err;
        aloneReads++;
        return enqueue({ job: { kind, data }, signal, alone: true }).then(textOf);
      });
    },
    /**
     * An Anki package read (adapters/anki/read-package.ts) in a child, as a document is.
     * Rejects with an AnkiRefusal for a package refused as a whole, one too large to read
     * within the whole budget included (file_too_large); else with a ParseError (busy, timed
     * out, cancelled, stopping).
     */
    readAnki(data: Uint8Array, filename: string, signal?: AbortSignal): Promise<AnkiPackageRead> {
      if (closed) return Promise.reject(new ParseError('file_server_stopping'));
      if (queue.length >= opts.maxQueue) {
        return Promise.reject(new ParseError('file_server_busy'));
      }
      const job = { kind: 'anki', data, filename } as const;
      return enqueue({ job, signal, alone: false })
        .catch((err: unknown) => {
          // As for a document: too large for a share, once more alone.
          if (!(err instanceof ParseError && err.tooLarge) || shareMb >= opts.memoryMb) throw err;
          aloneReads++;
          return enqueue({ job, signal, alone: true });
        })
        .then(
          (r) => {
            if ('anki' in r) return r.anki;
            throw new ParseError('file_unreadable');
          },
          (err: unknown) => {
            if (err instanceof ParseError && err.failure.code === 'file_too_large')
              throw new AnkiRefusal('file_too_large');
            throw err;
          },
        );
    },
    peakGrowthKb: () => peakGrowthKb,
    splitReads: () => splitReads,
    aloneReads: () => aloneReads,
    /** Readers at most at once and the share of each, from the budget. */
    budget: { memoryMb: opts.memoryMb, readers, shareMb },
    /** Process ids of the running children, for tests. */
    pids: () => children.flatMap((c) => (c.process.pid && !c.dying ? [c.process.pid] : [])),
    /** Each child alive (dying ones included) with its part of the budget, for tests. */
    children: () =>
      children.map((c) => ({
        pid: c.process.pid,
        busy: c.busy,
        limitMb: c.limitMb,
        idleDataKb: c.idleDataKb,
      })),
    /** The loaded children and their idle size, for the benchmark's memory sampling. */
    loaded: () =>
      children.flatMap((c) =>
        c.started && !c.dying && c.process.pid
          ? [{ pid: c.process.pid, idleRssKb: c.idleRssKb }]
          : [],
      ),
    async close(): Promise<void> {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new ParseError('file_server_stopping'));
      for (const c of children) retire(c);
    },
  };
}
export type ParsePool = ReturnType<typeof createParsePool>;
