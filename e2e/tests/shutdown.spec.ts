import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.js';

// No browser here: `npm start` as a supervisor (Docker, systemd) runs it, on the build that
// `npm run test:e2e` has just made.
const root = join(import.meta.dirname, '../..');

/** The processes whose parent is `pid` (from /proc: no tool needed). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (name) state ppid ...`: the name may hold spaces, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm start', () => {
  let wrapper: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    if (wrapper?.exitCode === null) wrapper.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server with it on SIGTERM, within 10 s, and frees the port', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-start-'));
    const port = await freePort();
    const started = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
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
    wrapper = started;
    let output = '';
    started.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) =>
      started.once('exit', (code) => resolve(code)),
    );

    const deadline = Date.now() + 20_000;
    for (;;) {
      if (output.includes('Building')) {
        throw new Error('The build is older than the sources: run `npm run build` first.');
      }
      if (started.exitCode !== null) throw new Error(`npm start exited with ${started.exitCode}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error('The server did not become healthy within 20 s');
      await sleep(100);
    }
    const [server] = childrenOf(started.pid as number);
    expect(server).toBeDefined();

    const signalled = Date.now();
    started.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(10_000).then(() => 'still running')]);
    expect(code).toBe(0);
    while (isRunning(server as number) && Date.now() - signalled < 10_000) await sleep(50);
    expect(isRunning(server as number), 'the server process').toBe(false);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await canListen(port)).toBe(true);
  });
});
