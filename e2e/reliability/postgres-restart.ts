/**
 * PostgreSQL restarted under load: a private PostgreSQL cluster (initdb in a temporary
 * folder, on its own port, so the machine's own server and other tests are untouched) serves
 * the production server while a load runs; it is restarted in the middle. Requests made while
 * it is down must fail with 503 (never 500), the server must recover without a restart of its
 * own, and every acknowledged write must be there afterwards.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from '../support/server.js';
import { describeFailures, lostWrites, runLoad, signUpStudents } from './load.js';

/** Debian's PostgreSQL programs (initdb, pg_ctl), newest version first; undefined if none. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

/** PostgreSQL refuses to run as root: root runs it as the `postgres` user. */
function asPostgres(bin: string, args: string[]): void {
  const root = userInfo().uid === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: 'ignore' });
}

export interface RestartFigures {
  failures: string;
  /** Answers during the restart that were neither 2xx nor 503. */
  wrongFailures: number;
  recovered: boolean;
  acknowledged: number;
  lost: number;
}

export async function postgresRestartUnderLoad(opts: {
  connections: number;
  seconds: number;
}): Promise<RestartFigures | string> {
  const bin = postgresBin();
  if (!bin) return 'PostgreSQL programs not found (apt-get install postgresql)';
  const dir = mkdtempSync(join(tmpdir(), 'studybuddy-pg-'));
  const data = join(dir, 'data');
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pgCtl = (...args: string[]) =>
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  pgCtl('-o', options, 'start');
  try {
    const server = await startServer({
      env: {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
        AUTH_RATE_LIMIT_MAX: '10000',
      },
      output: 'ignore',
    });
    try {
      const students = await signUpStudents(server.baseURL, 10);
      // A third of the way in, PostgreSQL goes down hard (as a crash) for about 2 s.
      setTimeout(
        () => {
          pgCtl('-m', 'immediate', 'stop');
          setTimeout(() => pgCtl('-o', options, 'start'), 2_000);
        },
        (opts.seconds * 1000) / 3,
      );
      const load = await runLoad(students, {
        connections: opts.connections,
        seconds: opts.seconds,
      });
      // After the restart, a short load must go through without a single failure.
      const after = await runLoad(students, { connections: opts.connections, seconds: 3 });
      const wrong = [...load.failures].filter(([k]) => k !== '503');
      return {
        failures: describeFailures(load.failures),
        wrongFailures: wrong.reduce((n, [, v]) => n + v, 0),
        recovered: after.failures.size === 0 && after.requests > 0,
        acknowledged: students.reduce((n, s) => n + s.acknowledged.length, 0),
        lost: await lostWrites(students),
      };
    } finally {
      await server.stop();
    }
  } finally {
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      // already down
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
