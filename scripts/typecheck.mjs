// `npm run typecheck`: tsc on each project, as many at once as there are cores (tsc uses one).
// On two cores the server's check (about half of the time) runs beside the other three, which
// halves the stage. Each project's errors are printed together when its check ends.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

// Longest first, so the last to start is a short one.
const PROJECTS = ['apps/server', 'apps/web', 'e2e', 'packages/contracts'];
// tsc's own entry, run by this Node: no npx start-up per project, and the same on Windows.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lane = async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift())
    ok = (await check(project)) && ok;
  return ok;
};
const lanes = Math.min(availableParallelism(), PROJECTS.length);
const results = await Promise.all(Array.from({ length: lanes }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
