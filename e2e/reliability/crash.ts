/**
 * `kill -9` while writes are being acknowledged: the server (SQLite in its DATA_DIR) is killed
 * in the middle of a load, the database file is checked (PRAGMA integrity_check), and a new
 * server on the same DATA_DIR must still have every write it acknowledged.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../support/server.js';
import { describeFailures, lostWrites, reconnect, runLoad, signUpStudents } from './load.js';

export interface CrashFigures {
  acknowledged: number;
  lost: number;
  integrity: string;
  failuresBeforeKill: string;
}

export async function crashDuringWrites(opts: {
  connections: number;
  secondsBeforeKill: number;
}): Promise<CrashFigures> {
  const env = { AUTH_RATE_LIMIT_MAX: '10000' };
  const first = await startServer({ env, output: 'ignore' });
  const students = await signUpStudents(first.baseURL, 10);
  const killed = new Promise<void>((resolve) =>
    setTimeout(() => {
      first.process.kill('SIGKILL');
      resolve();
    }, opts.secondsBeforeKill * 1000),
  );
  const load = await runLoad(students, {
    connections: opts.connections,
    seconds: 600,
    stop: killed,
  });
  if (first.process.exitCode === null && first.process.signalCode === null)
    await new Promise((r) => first.process.once('exit', r));
  const db = new Database(join(first.dataDir, 'studybuddy.db'), { readonly: true });
  const integrity = String(db.pragma('integrity_check', { simple: true }));
  db.close();
  const second = await startServer({ env, dataDir: first.dataDir, output: 'ignore' });
  try {
    await reconnect(students, second.baseURL);
    return {
      acknowledged: students.reduce((n, s) => n + s.acknowledged.length, 0),
      lost: await lostWrites(students),
      integrity,
      failuresBeforeKill: describeFailures(load.failures),
    };
  } finally {
    await second.stop();
  }
}
