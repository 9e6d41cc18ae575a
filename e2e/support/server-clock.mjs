/**
 * A movable clock for the server under the browser journeys, loaded with `node --import`
 * before the server (test harness only; the app has no such switch). `Date` runs `offset` ms
 * ahead of the real clock; a journey moves it by writing the offset to the file named by
 * E2E_CLOCK_FILE and sending the server SIGUSR2 (see clock.ts). Timers are untouched, so the
 * server keeps its timeouts; only what it reads as "now" moves, as when a student comes back
 * days later.
 */
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const RealDate = Date;
let offset = 0;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;

const file = process.env.E2E_CLOCK_FILE;
// Signals reach only the main thread; worker threads keep the real clock.
if (file && isMainThread) {
  process.on('SIGUSR2', () => {
    const value = Number(readFileSync(file, 'utf8').trim());
    offset = Number.isFinite(value) ? value : 0;
  });
}
