import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePdf, makePdfBomb } from '../../testing/files.js';
import { createParsePool, type ParsePool, type ParsePoolOptions } from './parse-pool.js';

const MB = 1024 * 1024;

/** The data-segment limit the system holds a process to, in bytes (undefined: none, or gone). */
function osDataLimit(pid: number): number | undefined {
  let limits: string;
  try {
    limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  } catch {
    return undefined;
  }
  const soft = /^Max data size\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? undefined : Number(soft);
}

/** What the pool looked like as a reader was started, or handed a document. */
interface Sight {
  event: 'start' | 'read';
  /** Readers alive (dying ones included) and reading. */
  alive: number;
  busy: number;
  /** What the readers alive may add over their idle sizes together, in MB. */
  limitsMb: number;
  /** The limit of the reader started or given the document, as the system holds it, in MB. */
  readerOsMb: number | undefined;
}

/**
 * A pool that notes, as each reader is started and each document handed to one, what the
 * operating system lets each reader alive add over its idle size: a reader still loading (no
 * limit yet, and no document) counts with the part of the budget set aside for it.
 */
function watchedPool(options: Partial<ParsePoolOptions>) {
  const sights: Sight[] = [];
  const pool: ParsePool = createParsePool({
    ...options,
    watch(event, pid) {
      let limitsMb = 0;
      let readerOsMb: number | undefined;
      for (const c of pool.children()) {
        const os = c.pid === undefined ? undefined : osDataLimit(c.pid);
        const osMb =
          os === undefined || c.idleDataKb === undefined
            ? undefined
            : (os - c.idleDataKb * 1024) / MB;
        if (c.pid === pid) readerOsMb = osMb;
        limitsMb += osMb ?? c.limitMb;
      }
      const children = pool.children();
      sights.push({
        event,
        alive: children.length,
        busy: children.filter((c) => c.busy).length,
        limitsMb,
        readerOsMb,
      });
    },
  });
  return { pool, sights };
}

describe('the parse pool under one memory budget', () => {
  it.each([
    { memoryMb: 256, size: 4, readers: 2, shareMb: 128 },
    { memoryMb: 128, size: 2, readers: 1, shareMb: 128 },
  ])(
    'reads 6 documents sent at once within $memoryMb MB, $readers at a time, none dropped',
    async ({ memoryMb, size, readers, shareMb }) => {
      const { pool, sights } = watchedPool({ memoryMb, size });
      try {
        expect(pool.memoryCapped).toBe(true);
        expect(pool.budget).toEqual({ memoryMb, readers, shareMb });
        const docs = await Promise.all(
          Array.from({ length: 6 }, (_, i) => makePdf([`Document ${i} on momentum.`])),
        );
        const texts = await Promise.all(docs.map((d) => pool.parse('pdf', d)));
        texts.forEach((text, i) => {
          expect(text).toContain(`Document ${i} on momentum.`);
        });
        const reads = sights.filter((s) => s.event === 'read');
        expect(reads).toHaveLength(6);
        // Each reader is held by the operating system to its share.
        for (const s of reads) expect(s.readerOsMb).toBe(shareMb);
        // And all of them to the budget, whenever one starts or reads.
        for (const s of sights) {
          expect(s.limitsMb).toBeLessThanOrEqual(memoryMb);
          expect(s.busy).toBeLessThanOrEqual(readers);
        }
        // The budget is used: as many read at once as it allows.
        expect(Math.max(...reads.map((s) => s.busy))).toBe(readers);
        expect(pool.aloneReads()).toBe(0);
      } finally {
        await pool.close();
      }
    },
  );

  it('reads a document too large for a share alone, with the whole budget, and the rest after it', async () => {
    const { pool, sights } = watchedPool({ memoryMb: 512, size: 2 });
    try {
      expect(pool.budget).toEqual({ memoryMb: 512, readers: 2, shareMb: 256 });
      // Inflates to 160 MB: more than a share lets pdf.js hold, less than the whole budget.
      const bomb = await makePdfBomb(160);
      const docs = await Promise.all(
        Array.from({ length: 3 }, (_, i) => makePdf([`Document ${i} on energy.`])),
      );
      const [bombText, ...texts] = await Promise.all([
        pool.parse('pdf', bomb),
        ...docs.map((d) => pool.parse('pdf', d)),
      ]);
      // Read (its page holds only spaces), not refused.
      expect(bombText?.trim()).toBe('');
      texts.forEach((text, i) => {
        expect(text).toContain(`Document ${i} on energy.`);
      });
      expect(pool.aloneReads()).toBe(1);
      // Its reader was started once the others had exited, and read it alone.
      const alone = sights.filter((s) => s.limitsMb === 512 && s.alive === 1);
      expect(alone.map((s) => [s.event, s.busy, s.readerOsMb])).toEqual([
        ['start', 0, undefined],
        ['read', 1, 512],
      ]);
      for (const s of sights) expect(s.limitsMb).toBeLessThanOrEqual(512);
      // 1 bomb and 3 documents within shares, then the bomb alone.
      expect(sights.filter((s) => s.event === 'read')).toHaveLength(5);
    } finally {
      await pool.close();
    }
  });

  it('refuses as too large a document that fails alone with the whole budget', async () => {
    const { pool, sights } = watchedPool({ memoryMb: 256, size: 2 });
    try {
      const bomb = await makePdfBomb(400);
      await expect(pool.parse('pdf', bomb)).rejects.toMatchObject({
        failure: { code: 'file_too_large' },
        tooLarge: true,
      });
      expect(pool.aloneReads()).toBe(1);
      const reads = () => sights.filter((s) => s.event === 'read');
      expect(reads().map((s) => s.readerOsMb)).toEqual([128, 256]);
      for (const s of sights) expect(s.limitsMb).toBeLessThanOrEqual(256);
      // The pool goes on reading ordinary files afterwards, within shares again.
      expect(await pool.parse('pdf', await makePdf(['Still reading.']))).toContain(
        'Still reading.',
      );
      expect(reads().at(-1)?.readerOsMb).toBe(128);
    } finally {
      await pool.close();
    }
  });
});
