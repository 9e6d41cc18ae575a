import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.js';

// No browser here: `npm start` as a supervisor (Docker, systemd, supervisord) runs it, on the
// build that `npm run test:e2e` has just made.
const root = join(import.meta.dirname, '../..');

/** `pid (name) state ppid ...` of /proc/<pid>/stat: the name may hold spaces, so read after its last ')'. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The processes whose parent is `pid` (from /proc: no tool needed). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(statFields(entry)?.[1]) === pid)
    .map(Number);
}

/** `pid` and every process below it. */
function treeOf(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(treeOf)];
}

/** The command line of `pid`, '' once it is gone. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/**
 * Whether the process still runs. A zombie does not: it has exited and waits for its new
 * parent (init, or a container's first process) to read its status.
 */
function isRunning(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm start', () => {
  let started: ChildProcess | undefined;
  /** Every process of the started tree, killed after the test whatever it found. */
  let tree: number[] = [];
  /** Their command lines: a pid that now runs something else was reused, and is not ours. */
  let commands = new Map<number, string>();
  let dataDir: string | undefined;
  afterEach(() => {
    for (const pid of tree) {
      if (!isRunning(pid) || commandOf(pid) !== commands.get(pid)) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    tree = [];
    if (started?.exitCode === null) started.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `command args` as a supervisor would and waits until the server answers. */
  async function start(command: string, args: string[]) {
    dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-start-'));
    const port = await freePort();
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    started = child;
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (output.includes('Building')) {
        throw new Error('The build is older than the sources: run `npm run build` first.');
      }
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error('The server did not become healthy within 20 s');
      await sleep(100);
    }
    tree = treeOf(child.pid as number);
    commands = new Map(tree.map((pid) => [pid, commandOf(pid)]));
    return { child, port, exited };
  }

  it('stops the server with it on SIGTERM, within 10 s, and frees the port', async () => {
    const { child, port, exited } = await start(process.execPath, [
      join(root, 'scripts/start.mjs'),
    ]);
    const [server] = childrenOf(child.pid as number);
    expect(server).toBeDefined();

    const signalled = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(10_000).then(() => 'still running')]);
    expect(code).toBe(0);
    while (isRunning(server as number) && Date.now() - signalled < 10_000) await sleep(50);
    expect(isRunning(server as number), 'the server process').toBe(false);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await canListen(port)).toBe(true);
  });

  // supervisord's stopsignal, or a plain `kill`, reaches npm alone: npm passes it to the
  // `sh -c` it runs the script in, and that shell dies of it without passing it on.
  it('leaves nothing running within 10 s when only the npm process gets SIGTERM', async () => {
    const { child, port } = await start('npm', ['start']);
    const script = tree.find((pid) => commandOf(pid).includes('scripts/start.mjs'));
    const server = tree.find((pid) => commandOf(pid).includes('dist/main.js'));
    expect(script, 'node scripts/start.mjs').toBeDefined();
    expect(server, 'the server').toBeDefined();

    const signalled = Date.now();
    process.kill(child.pid as number, 'SIGTERM');
    while (tree.some(isRunning) && Date.now() - signalled < 10_000) await sleep(50);
    const left = tree.filter(isRunning).map((pid) => `${pid}: ${commandOf(pid)}`);
    expect(left, 'processes still running 10 s after the SIGTERM').toEqual([]);
    expect(await canListen(port)).toBe(true);
  });
});
