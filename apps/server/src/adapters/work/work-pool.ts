import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { fromSource } from '../run-from-source.js';
import type { WorkTask } from './work-tasks.js';

export interface WorkPoolOptions {
  /** Threads doing text work at once. */
  threads: number;
  /** Tasks waiting for a thread; past this the server is busy. */
  maxQueue: number;
  /** Time one task may take before its thread is stopped. */
  taskTimeoutMs: number;
  /** Heap of each thread, in MB. */
  heapMb: number;
}

export const WORK_POOL_DEFAULTS: WorkPoolOptions = {
  threads: Math.max(1, Math.min(4, availableParallelism())),
  maxQueue: 256,
  taskTimeoutMs: 60_000,
  heapMb: 512,
};

/** The pool is full or stopping: the request is refused, nothing is half done. */
export class WorkPoolBusy extends Error {}

/**
 * One shared, bounded pool of worker threads (Piscina) for the text work of every request.
 * Threads stay warm (a new one costs ~200 ms of start-up, a warm task ~10 ms); a task that
 * is cancelled (the client went away) or runs past its time stops its thread.
 */
export function createWorkPool(options: Partial<WorkPoolOptions> = {}) {
  const opts = { ...WORK_POOL_DEFAULTS, ...options };
  const file = fromSource ? './dev-entry.mjs' : './work-worker.js';
  const piscina = new Piscina({
    filename: fileURLToPath(new URL(file, import.meta.url)),
    // Threads start on first use: a server that reads no files pays nothing.
    minThreads: 0,
    maxThreads: opts.threads,
    maxQueue: opts.maxQueue,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: opts.heapMb },
  });
  return {
    async run<T>(task: WorkTask, signal?: AbortSignal): Promise<T> {
      if (piscina.queueSize >= opts.maxQueue) {
        throw new WorkPoolBusy('The server is busy. Please try again in a minute.');
      }
      const timeout = AbortSignal.timeout(opts.taskTimeoutMs);
      return (await piscina.run(task, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })) as T;
    },
    /** Tasks waiting and running, for the benchmark and the logs. */
    stats: () => ({ queued: piscina.queueSize, threads: piscina.threads.length }),
    close: () => piscina.destroy(),
  };
}
export type WorkPool = ReturnType<typeof createWorkPool>;
