import { describe, expect, it } from 'vitest';
import { canonicalValue, TableChecksum } from './row-checksum.js';

const sum = (rows: unknown[][]) => {
  const c = new TableChecksum();
  for (const row of rows) c.add(row);
  return c.digest();
};

describe('canonicalValue', () => {
  it('reads one value alike whichever driver gave it', () => {
    // SQLite's bigint and PostgreSQL's int4 number; a 0/1 flag and a boolean; ISO text and a Date.
    expect(canonicalValue(42n)).toBe(canonicalValue(42));
    expect(canonicalValue(-7n)).toBe(canonicalValue(-7));
    expect(canonicalValue(2n ** 62n)).toBe(canonicalValue(2 ** 62));
    expect(canonicalValue(true)).toBe(canonicalValue(1n));
    expect(canonicalValue(false)).toBe(canonicalValue(0));
    expect(canonicalValue(new Date('2026-01-05T09:00:00Z'))).toBe(
      canonicalValue('2026-01-05T09:00:00.000Z'),
    );
    expect(canonicalValue(Buffer.from('hi'))).toBe(canonicalValue(new Uint8Array([104, 105])));
    expect(canonicalValue(0.1 + 0.2)).toBe('n:0.30000000000000004');
  });

  it('tells apart what a copy must not change', () => {
    const differ = [
      [null, ''],
      ['1', 1],
      ['1', 1n],
      [1.5, 2],
      [Buffer.from('hello'), 'hello'],
      ['2026-01-05T09:00:00Z', new Date('2026-01-05T09:00:00Z')],
      ['a', 'a '],
    ] as const;
    for (const [a, b] of differ)
      expect(canonicalValue(a), `${String(a)} / ${String(b)}`).not.toBe(canonicalValue(b));
  });
});

describe('TableChecksum', () => {
  it('depends on every value, the columns and the order of the rows', () => {
    const rows = [
      [1n, 'Ana', null],
      [2n, 'Ben', 'x'],
    ];
    expect(sum(rows)).toBe(
      sum([
        [1, 'Ana', null],
        [2, 'Ben', 'x'],
      ]),
    );
    expect(sum(rows)).not.toBe(sum([...rows].reverse()));
    expect(sum(rows)).not.toBe(sum([[1n, 'Ana', null]]));
    expect(sum(rows)).not.toBe(
      sum([
        [1n, 'Ana', ''],
        [2n, 'Ben', 'x'],
      ]),
    );
    // Where one value ends and the next begins is part of the sum.
    expect(sum([['ab', 'c']])).not.toBe(sum([['a', 'bc']]));
    expect(sum([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
