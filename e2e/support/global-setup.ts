import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** The server's DATA_DIR (its SQLite database), for `npm run admin` against it. */
    dataDir: string;
  }
}

/** Starts the built server on a fresh SQLite database in a temporary DATA_DIR. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-e2e-'));
  const server = await startServer({
    dataDir,
    env: {
      // The journeys log in many times from one address; the limiter has its own API test.
      AUTH_RATE_LIMIT_MAX: '200',
      // A reminder that falls due is seen within 2 s rather than 30.
      REMINDER_SCAN_SECONDS: '2',
      // A class's counts show from 2 students up, so one journey's two students see them.
      CLASS_MIN_GROUP: '2',
    },
  });
  const { baseURL } = server;
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('dataDir', dataDir);
  return () => server.stop();
}
