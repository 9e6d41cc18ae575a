import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
/** The V8 flags `npm start` and the image give the server, so tests and benches run it as such. */
const NODE_FLAGS = JSON.parse(
  readFileSync(join(root, 'apps/server/node-flags.json'), 'utf8'),
) as string[];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (production, SQLite in a fresh temporary DATA_DIR, the builtin AI)
 * and waits until it answers /api/health. `nodeArgs` go before the entry (e.g. an --import).
 */
export async function startServer(
  opts: {
    dataDir?: string;
    nodeArgs?: string[];
    env?: Record<string, string>;
    /** Where the server's stdout and stderr go (a load test's info log would flood the console). */
    output?: 'inherit' | 'ignore';
    /** A port chosen ahead (`freePort`), when a setting must name the address (PUBLIC_URL). */
    port?: number;
  } = {},
): Promise<RunningServer> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'studybuddy-e2e-'));
  const port = opts.port ?? (await freePort());
  const server = spawn(process.execPath, [...NODE_FLAGS, ...(opts.nodeArgs ?? []), main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', opts.output ?? 'inherit', opts.output ?? 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const r = await fetch(`${baseURL}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error('The server did not become healthy within 30 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    process: server,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
