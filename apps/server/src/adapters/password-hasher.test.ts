import { describe, expect, it } from 'vitest';
import { createPasswordHasher, createWorkGate, HasherBusyError } from './password-hasher.js';

/** A task that finishes when the test says so, recording when it started. */
function manualTask(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkGate', () => {
  it('runs at most `concurrency` tasks and serves waiting keys in turn', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 10, maxWaitingPerKey: 10 });
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'b1', 'c1'].map((n) => ({ n, t: manualTask(started, n) }));
    const results = tasks.map(({ n, t }) => gate.run(n[0] as string, t.run));
    await tick();
    expect(started).toEqual(['a1']);
    expect(gate.stats()).toEqual({ running: 1, waiting: 4 });
    for (const { t } of tasks) {
      t.finish();
      await tick();
    }
    await Promise.all(results);
    // Student a queued three guesses first; b and c were still served before a's second.
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a free slot to a key with nothing running before a key that queued earlier', async () => {
    const gate = createWorkGate({ concurrency: 2, maxWaiting: 10, maxWaitingPerKey: 10 });
    const started: string[] = [];
    const a = ['a1', 'a2', 'a3', 'a4'].map((n) => manualTask(started, n));
    const b = manualTask(started, 'b1');
    const results = [...a.map((t) => gate.run('a', t.run)), gate.run('b', b.run)];
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    a[0]?.finish();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    for (const t of [...a, b]) t.finish();
    await Promise.all(results);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('refuses with HasherBusyError past the per-key or the total queue, and frees the slot after a failure', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 3, maxWaitingPerKey: 2 });
    const started: string[] = [];
    const first = manualTask(started, 'x');
    const running = gate.run('a', first.run);
    const waiting = [gate.run('a', async () => 'a2'), gate.run('a', async () => 'a3')];
    await expect(gate.run('a', async () => 'a4')).rejects.toBeInstanceOf(HasherBusyError);
    const other = gate.run('b', async () => 'b1');
    await expect(gate.run('c', async () => 'c1')).rejects.toThrow(/busy/);
    first.finish();
    expect(await Promise.all([running, ...waiting, other])).toEqual(['x', 'a2', 'a3', 'b1']);
    await expect(
      gate.run('a', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run('a', async () => 'after')).toBe('after');
  });
});

describe('createPasswordHasher', () => {
  it('verifies argon2id hashes, and a malformed hash is simply no match', async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=47104,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
    expect(await hasher.verify('not a hash', 'correct horse')).toBe(false);
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });
});
