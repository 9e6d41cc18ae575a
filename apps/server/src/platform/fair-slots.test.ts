import { describe, expect, it } from 'vitest';
import { createFairSlots } from './fair-slots.js';

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('fair slots', () => {
  it('hands out at most `size` places, and a freed one to the next waiter', async () => {
    const slots = createFairSlots(2);
    const a = await slots.acquire('ana');
    await slots.acquire('ana');
    let third: (() => void) | undefined;
    void slots.acquire('ana').then((release) => {
      third = release;
    });
    await flush();
    expect(slots.inUse).toBe(2);
    expect(third).toBeUndefined();
    a();
    a(); // a second call frees nothing more
    await flush();
    expect(third).toBeDefined();
    expect(slots.inUse).toBe(2);
  });

  it('serves the waiting students in turn, whoever queued first and however much', async () => {
    const slots = createFairSlots(1);
    const first = await slots.acquire('ana');
    const served: string[] = [];
    const take = (who: string) =>
      slots.acquire(who).then((release) => {
        served.push(who);
        // Each holder gives its place back a moment later, as a model call would.
        setImmediate(release);
      });
    // Ana queues five topics before Bo's and Cy's first; they are not served after all of hers.
    const all = [...['ana', 'ana', 'ana', 'ana', 'ana', 'bo', 'bo', 'cy'].map(take)];
    first();
    await Promise.all(all);
    expect(served).toEqual(['bo', 'cy', 'ana', 'bo', 'ana', 'ana', 'ana', 'ana']);
  });

  it('gives a freed place to the student holding the fewest, then takes turns', async () => {
    const slots = createFairSlots(3);
    const ana = [
      await slots.acquire('ana'),
      await slots.acquire('ana'),
      await slots.acquire('ana'),
    ];
    const served: string[] = [];
    const take = (who: string) =>
      slots.acquire(who).then(() => {
        served.push(who);
      });
    // Ana waits for a fourth place before Bo asks for his first two.
    const waits = [take('ana'), take('bo'), take('bo')];
    ana[0]?.();
    await flush();
    // Ana holds two, Bo none: his, though she asked first.
    expect(served).toEqual(['bo']);
    ana[1]?.();
    await flush();
    // One each: Ana was served longest ago.
    expect(served).toEqual(['bo', 'ana']);
    ana[2]?.();
    await Promise.all(waits);
    expect(served).toEqual(['bo', 'ana', 'bo']);
  });

  it('drops a waiter whose signal aborts, and passes its turn on', async () => {
    const slots = createFairSlots(1);
    const release = await slots.acquire('ana');
    const controller = new AbortController();
    const gone = slots.acquire('bo', controller.signal);
    let cy = false;
    const next = slots.acquire('cy').then(() => {
      cy = true;
    });
    controller.abort(new Error('stopped'));
    await expect(gone).rejects.toThrow('stopped');
    release();
    await next;
    expect(cy).toBe(true);
    expect(slots.inUse).toBe(1);
    await expect(slots.acquire('bo', controller.signal)).rejects.toThrow('stopped');
  });
});
