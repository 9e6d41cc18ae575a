import { describe, expect, it } from 'vitest';
import { recentCheck } from './recent-check.js';

describe('recentCheck', () => {
  it('asks once per period, whatever the number of callers, then asks again', async () => {
    let clock = 0;
    let asked = 0;
    let up = true;
    const check = recentCheck(
      async () => {
        asked++;
        return up;
      },
      1_000,
      () => clock,
    );
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true]);
    clock = 999;
    up = false;
    expect(await check()).toBe(true);
    expect(asked).toBe(1);
    clock = 1_000;
    expect(await check()).toBe(false);
    expect(asked).toBe(2);
  });

  it('shares a check still in flight', async () => {
    let asked = 0;
    let release: (up: boolean) => void = () => {};
    const check = recentCheck(
      () => {
        asked++;
        return new Promise<boolean>((resolve) => {
          release = resolve;
        });
      },
      1_000,
      () => 0,
    );
    const answers = Promise.all([check(), check()]);
    release(true);
    expect(await answers).toEqual([true, true]);
    expect(asked).toBe(1);
  });
});
