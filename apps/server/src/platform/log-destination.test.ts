import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBuffered } from './log-destination.js';

function target() {
  const chunks: string[] = [];
  return { chunks, write: (s: string) => void chunks.push(s) };
}

describe('TurnBuffered', () => {
  it('writes the lines of one turn together when the turn ends', async () => {
    const out = target();
    const log = new TurnBuffered(out);
    log.write('{"a":1}\n');
    log.write('{"b":2}\n');
    expect(out.chunks).toEqual([]);
    await nextTurn();
    expect(out.chunks).toEqual(['{"a":1}\n{"b":2}\n']);
    log.write('{"c":3}\n');
    await nextTurn();
    expect(out.chunks).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes at once past 64 KB, and on flush; nothing when there is nothing', async () => {
    const out = target();
    const log = new TurnBuffered(out);
    const big = `${'x'.repeat(70_000)}\n`;
    log.write(big);
    expect(out.chunks).toEqual([big]);
    log.write('{"d":4}\n');
    log.flush();
    expect(out.chunks).toEqual([big, '{"d":4}\n']);
    log.flush();
    await nextTurn();
    expect(out.chunks).toHaveLength(2);
  });
});
