// `npm start`: build when the sources are newer than the last build, then run the server
// (which migrates the database at start-up and serves the SPA and the API on one port).
// SIGINT, SIGTERM and SIGHUP reach the server, and this process exits as it does, so a
// supervisor that stops `npm start` stops the server with it; so does the exit of this
// process's parent (below, "The parent's exit").
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const sources = [
  'packages/contracts/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
];
// Every build rewrites both (tsc and vite write all their output); the older of the two dates
// the last build, whoever ran it (`npm run build` too).
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Passes a signal to what runs now; undefined while nothing does. */
let pass;
let firstSignalAt;
function stop(signal) {
  // The server runs in its own process group, so a terminal's Ctrl-C reaches it only from
  // here; npm may pass the same signal on too, and the server takes a second one as "exit
  // now": within a second, a repeat is that echo and is dropped.
  const now = Date.now();
  if (firstSignalAt !== undefined && now - firstSignalAt < 1000) return;
  firstSignalAt ??= now;
  if (pass) pass(signal);
  else process.exit(128 + constants.signals[signal]);
}
for (const signal of FORWARDED) process.on(signal, () => stop(signal));

// The parent's exit. `npm start` runs this script through `sh -c`; a supervisor that signals
// npm alone (supervisord's stop, a plain `kill`) makes npm pass the signal to that shell, which
// dies of it without passing it on, and npm exits: this process and the server would be left
// running. So the parent's exit is a SIGTERM. It is noticed by its pid: an orphan is adopted at
// once by init or a subreaper, so getppid() (`process.ppid`, read anew each time) changes
// however the parent ended, SIGKILL included. Not a pipe or an IPC channel closing: those need
// the parent to open one for us, and npm and the shell do not; not "is the old pid alive?":
// a zombie parent still answers, and a reused pid would answer for a stranger. A stop already
// under way (a Ctrl-C that also ended the shell) is not signalled twice: the server takes a
// second signal as "exit now".
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(parentWatch);
  if (firstSignalAt === undefined) stop('SIGTERM');
}, 250);
// It never keeps this process alive by itself; what runs does.
parentWatch.unref();

/**
 * Runs a command in a process group of its own (the terminal's signals reach it only through
 * the handlers above) and resolves with its exit code, 128 + the signal's number if one ended
 * it. `wholeGroup`: a signal goes to every process of the group (the build's npm, shell and
 * compilers); otherwise to the command alone, which closes its own children.
 */
function run(command, args, { wholeGroup = false, env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      ...(env ? { env } : {}),
    });
    pass = (signal) => {
      try {
        process.kill(wholeGroup ? -child.pid : child.pid, signal);
      } catch {
        // already gone: its exit is on its way
      }
    };
    child.once('error', (err) => {
      pass = undefined;
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      pass = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const built = outputs.every((o) => existsSync(join(root, o)));
const builtAt = built ? Math.min(...outputs.map((o) => statSync(join(root, o)).mtimeMs)) : 0;
if (!built || sources.some((s) => newestMtime(join(root, s)) > builtAt)) {
  console.log('Building StudyBuddy (first start or changed sources)...');
  const code = await run('npm', ['run', 'build'], { wholeGroup: true });
  if (code !== 0) process.exit(code);
}

// The server's V8 flags, the same wherever it runs (docs/architecture.md, "Memory").
const nodeFlags = JSON.parse(readFileSync(join(root, 'apps/server/node-flags.json'), 'utf8'));
process.exit(
  await run(process.execPath, [...nodeFlags, join(root, 'apps/server/dist/main.js')], {
    env: { NODE_ENV: 'production', ...process.env },
  }),
);
