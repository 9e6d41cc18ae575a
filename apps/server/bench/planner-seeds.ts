/**
 * `npm run bench:planner -- --seeds [seed ...]`: the quality lines at every seed a round of
 * planner work is checked at (planner-seeds.json: the fixed seed, the proof seeds, the fresh seeds
 * of each round and every seed a failing input was found at), one `bench:planner` process per
 * seed, as many at once as there are cores. Each failing input is checked against the ones on
 * record (`known`): a new one is a seed that gained a failure, the one thing a change to the
 * planner must not do, and the run exits non-zero; a known one that passes is printed as met.
 * With seeds given, only those run. About a minute a seed on two cores.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsxLoaderUrl } from '../src/adapters/run-from-source.js';
import { plannerRuns } from '../src/testing/planner/quality-cases.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The seeds and the failing inputs on record, as `<seed> #<input>`. */
interface SeedList {
  seeds: number[];
  known: string[];
}

/** The failing inputs of one seed's run (every offender, not the first 3), or why it broke. */
function runSeed(seed: number): Promise<{ failing: string[]; error?: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=studybuddy-source', '--import', tsxLoaderUrl(), join(here, 'planner.ts')],
      {
        env: { ...process.env, PLANNER_SEED: String(seed), PLANNER_SHOW: '1000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      const failing = new Set<string>();
      for (const line of out.split('\n'))
        if (line.startsWith('FAIL'))
          for (const m of line.matchAll(/#(\d+)/g)) failing.add(`${seed} #${m[1]}`);
      // A run that exits non-zero without a FAIL line broke, it did not measure.
      const broke = code !== 0 && failing.size === 0;
      resolve({ failing: [...failing], ...(broke ? { error: err.slice(-2000) } : {}) });
    });
  });
}

export async function runPlannerSeeds(only: number[]): Promise<boolean> {
  const list = JSON.parse(readFileSync(join(here, 'planner-seeds.json'), 'utf8')) as SeedList;
  const known = new Set(list.known);
  const bad = only.filter((x) => !Number.isSafeInteger(x) || x < 0);
  if (bad.length) throw new Error(`--seeds takes seeds (integers >= 0), got ${bad.join(', ')}`);
  const seeds = only.length ? only : list.seeds;
  const runs = plannerRuns();
  const queue = [...seeds];
  const gained: string[] = [];
  const met: string[] = [];
  let broken = 0;
  const lane = async () => {
    for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
      const started = performance.now();
      const { failing, error } = await runSeed(seed);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      if (error) {
        broken++;
        console.log(`PLANNER_SEED=${seed}  BROKE (${seconds} s)\n${error}`);
        continue;
      }
      const fresh = failing.filter((x) => !known.has(x));
      const prefix = `${seed} #`;
      // Only inputs the run drew (PLANNER_RUNS may draw fewer than the record's 1,000).
      const drawn = (x: string) => Number(x.slice(prefix.length)) < runs;
      const passing = list.known.filter(
        (x) => x.startsWith(prefix) && drawn(x) && !failing.includes(x),
      );
      gained.push(...fresh);
      met.push(...passing);
      const what = failing.length
        ? `FAIL ${failing.map((x) => x.slice(x.indexOf('#'))).join(' ')}`
        : 'PASS';
      const news = fresh.length ? `  NEW: ${fresh.join(', ')}` : '';
      const mets = passing.length ? `  met: ${passing.join(', ')}` : '';
      console.log(`PLANNER_SEED=${seed}  ${what}${news}${mets}  (${seconds} s)`);
    }
  };
  const lanes = Math.max(1, Math.min(availableParallelism(), seeds.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  console.log(
    `\n${seeds.length} seeds: ${gained.length} new failing inputs${gained.length ? ` (${gained.join(', ')})` : ''}; ${met.length} on record now pass${met.length ? ` (${met.join(', ')})` : ''}${broken ? `; ${broken} runs broke` : ''}`,
  );
  return gained.length === 0 && broken === 0;
}
