/**
 * The resident memory of a process and every process below it (its parser children), read from
 * /proc: what the machine gives the server, worker threads included (they share the process's
 * memory), as an admin's `top` or the OOM killer would count it.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process ended between the listing and the read.
    return undefined;
  }
}

/** Parent of each running process. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses: read after the last ")".
    const ppid = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    if (ppid) out.set(Number(name), Number(ppid));
  }
  return out;
}

/** `root` and the processes below it, at any depth. */
export function processTree(root: number): number[] {
  const parentOf = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** Resident memory of one process in KB (0 once it is gone). */
export function rssKb(pid: number): number {
  const m = read(`/proc/${pid}/status`)?.match(/^VmRSS:\s+(\d+) kB$/m);
  return m ? Number(m[1]) : 0;
}

/** Resident memory in KB of `root` (its threads included) and of its descendants together. */
export function treeRssKb(root = process.pid): { root: number; below: number } {
  const [top, ...below] = processTree(root);
  return { root: rssKb(top ?? root), below: below.reduce((sum, pid) => sum + rssKb(pid), 0) };
}

/** The tree's memory in KB: all of it, and the part below the root (the child processes). */
export interface TreeKb {
  total: number;
  below: number;
}

/**
 * Samples the tree's resident memory every `everyMs` until stopped, from a thread of its own so
 * that a busy event loop here (the server's, the bench clients') delays no sample. `base` is
 * the tree once the sampler runs (the sampler's own memory included); `stop()` gives the highest
 * samples since, of the whole tree and of the processes below the root. Sampled, so a peak
 * shorter than the interval may be missed.
 */
export async function sampleTreeRss(everyMs = 10, root = process.pid) {
  const peaks = new Int32Array(new SharedArrayBuffer(8));
  const sampler = new Worker(new URL('./tree-sampler-entry.mjs', import.meta.url), {
    workerData: { peaks: peaks.buffer, everyMs, root },
  });
  // Its first sample is taken once its module has loaded.
  await once(sampler, 'message');
  const now = (): TreeKb => {
    const kb = treeRssKb(root);
    return { total: kb.root + kb.below, below: kb.below };
  };
  const base = now();
  Atomics.store(peaks, 0, base.total);
  Atomics.store(peaks, 1, base.below);
  return {
    base,
    async stop(): Promise<TreeKb> {
      await sampler.terminate();
      const last = now();
      return {
        total: Math.max(Atomics.load(peaks, 0), last.total),
        below: Math.max(Atomics.load(peaks, 1), last.below),
      };
    },
  };
}
