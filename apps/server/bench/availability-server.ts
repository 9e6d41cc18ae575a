/**
 * The server under test of the availability bench, in a worker thread of its own: its event
 * loop then carries only the server's work, not the bench client's (which builds and sends the
 * 40 MB bodies), and is measured from inside.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { createParsePool } from '../src/adapters/files/parse-pool.js';
import { createWorkPool } from '../src/adapters/work/work-pool.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';

export type ServerCommand = 'start' | 'stop' | 'close';
export interface ServerFigures {
  loopMaxMs: number;
  /** The most a read added to a parser process's resident memory. */
  parseGrowthMb: number;
  memoryCapped: boolean;
  parseMemoryMb: number;
}

/** Resident memory of a process, from /proc (0 once it is gone). */
function rssKb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_MAX: '1000',
  AI_RATE_LIMIT_MAX: '1000',
  WEB_DIST: join(dataDir, 'no-web'),
});
const db = await connectDatabase(config.database);
await migrateToLatest(db.db);
const readers = {
  work: createWorkPool(),
  parse: createParsePool({ memoryMb: config.parseMemoryMb }),
};
const app = await buildApp({ config, db, readers });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const loop = monitorEventLoopDelay({ resolution: 10 });
let parseGrowthKb = 0;
let sampler: NodeJS.Timeout | undefined;
parentPort?.on('message', async (cmd: ServerCommand) => {
  if (cmd === 'start') {
    loop.reset();
    loop.enable();
    sampler = setInterval(() => {
      for (const { pid, idleRssKb } of readers.parse.loaded()) {
        const rss = rssKb(pid);
        // 0 once the process is gone: its last sample stands.
        if (rss > 0) parseGrowthKb = Math.max(parseGrowthKb, rss - idleRssKb);
      }
    }, 20);
    parentPort?.postMessage('started');
  } else if (cmd === 'stop') {
    loop.disable();
    clearInterval(sampler);
    const figures: ServerFigures = {
      loopMaxMs: loop.max / 1e6,
      parseGrowthMb: Math.max(parseGrowthKb, readers.parse.peakGrowthKb()) / 1024,
      memoryCapped: readers.parse.memoryCapped,
      parseMemoryMb: config.parseMemoryMb,
    };
    parentPort?.postMessage(figures);
  } else {
    await app.close();
    await Promise.all([readers.work.close(), readers.parse.close()]);
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    parentPort?.postMessage('closed');
  }
});
parentPort?.postMessage({ address });
