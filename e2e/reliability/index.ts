/**
 * The reliability suite (npm run test:reliability, after npm run build): a class's load on
 * the production server, a kill -9 during acknowledged writes, and PostgreSQL restarted under
 * load. Prints each figure with its target and PASS/FAIL; exits 1 on any FAIL. `--short` is
 * the version CI runs inside the test command: the same checks, shorter and lighter.
 */

import { startServer } from '../support/server.js';
import { crashDuringWrites } from './crash.js';
import { fuzzRoutes } from './fuzz.js';
import { describeFailures, lostWrites, runLoad, signUpStudents } from './load.js';
import { postgresRestartUnderLoad } from './postgres-restart.js';

const short = process.argv.includes('--short');
const LOAD = short ? { connections: 50, seconds: 10 } : { connections: 200, seconds: 60 };
let failed = false;
const report = (ok: boolean, what: string, figures: string) => {
  failed ||= !ok;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}\n      ${figures}`);
};

console.log(`\nReliability${short ? ' (short)' : ''}`);
{
  const server = await startServer({ env: { AUTH_RATE_LIMIT_MAX: '10000' }, output: 'ignore' });
  try {
    const students = await signUpStudents(server.baseURL, short ? 10 : 50);
    const load = await runLoad(students, LOAD);
    const lost = await lostWrites(students);
    report(
      load.failures.size === 0 && lost === 0,
      `${LOAD.connections} connections for ${LOAD.seconds} s of reads and writes (SQLite)`,
      `${load.requests} requests (${(load.requests / load.seconds).toFixed(0)}/s), ${load.writes} writes acknowledged, ${lost} lost, failures: ${describeFailures(load.failures)} (target: none lost, no failures)`,
    );
    const fuzz = await fuzzRoutes(server.baseURL, { rounds: short ? 4 : 40 });
    report(
      fuzz.serverErrors.length === 0,
      `fuzzing every route of the OpenAPI document (${fuzz.operations} operations)`,
      `${fuzz.requests} requests, ${fuzz.serverErrors.length} answered 5xx${fuzz.serverErrors.length ? `: ${fuzz.serverErrors.join('; ')}` : ''} (target: 0)`,
    );
  } finally {
    await server.stop();
  }
}
{
  const crash = await crashDuringWrites({ connections: short ? 20 : 50, secondsBeforeKill: 3 });
  report(
    crash.lost === 0 && crash.integrity === 'ok' && crash.acknowledged > 0,
    'kill -9 during acknowledged writes, then a restart on the same data',
    `${crash.acknowledged} writes acknowledged before the kill, ${crash.lost} lost, integrity_check: ${crash.integrity} (target: none lost, ok)`,
  );
}
{
  const r = await postgresRestartUnderLoad({
    connections: short ? 20 : 100,
    seconds: short ? 9 : 30,
  });
  if (typeof r === 'string') report(false, 'PostgreSQL restarted under load', r);
  else
    report(
      r.wrongFailures === 0 && r.recovered && r.lost === 0,
      'PostgreSQL restarted under load (down 2 s)',
      `failures while it was down: ${r.failures} (target: 503 only); recovered: ${r.recovered ? 'yes' : 'no'}; ${r.acknowledged} writes acknowledged, ${r.lost} lost`,
    );
}
if (failed) process.exitCode = 1;
