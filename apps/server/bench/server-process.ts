/**
 * The production server in a process of its own, from the TypeScript sources (the server's
 * benches need no build), with the V8 flags `npm start` gives it: what a bench measures of its
 * process tree is then the server's alone, not the bench clients' nor what earlier benches left
 * in this process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsxLoaderUrl } from '../src/adapters/run-from-source.js';

const serverDir = join(import.meta.dirname, '..');
const NODE_FLAGS = JSON.parse(readFileSync(join(serverDir, 'node-flags.json'), 'utf8')) as string[];

async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const address = srv.address();
  srv.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** Starts the server (SQLite in a fresh DATA_DIR, builtin AI) and waits for /api/health. */
export async function startServerProcess(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-bench-server-'));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      ...NODE_FLAGS,
      '--conditions=studybuddy-source',
      '--import',
      tsxLoaderUrl(),
      join(serverDir, 'src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
        AUTH_RATE_LIMIT_MAX: '1000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${address}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (server.pid === undefined) throw new Error('the server has no pid');
  return {
    address,
    pid: server.pid,
    async stop(): Promise<void> {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await once(server, 'exit');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
