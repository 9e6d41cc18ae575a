// `npm test`: the test stages in order (`npm run <stage>` each), stopping at the first that
// fails, and each stage's time printed as it ends and again at the end, so a slow CI run says
// where its time went.
import { spawnSync } from 'node:child_process';

// test:planner-drawn checks the planner's case rules on inputs drawn at a seed new to each run
// (the unit stage's property test holds the fixed seed): it prints the seed, so a failure replays.
const STAGES = [
  'typecheck',
  'lint',
  'test:unit',
  'test:planner-drawn',
  'test:e2e',
  'test:reliability:short',
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const times = [];
const summary = () => {
  for (const { stage, seconds, status } of times)
    console.log(`stage ${stage.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s  ${status}`);
};

for (const stage of STAGES) {
  const started = performance.now();
  const run = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const status = run.status === 0 ? 'ok' : `failed (${run.status ?? run.signal})`;
  times.push({ stage, seconds, status });
  console.log(`\nstage ${stage}: ${seconds.toFixed(0)} s, ${status}\n`);
  if (run.status !== 0) {
    summary();
    process.exit(run.status ?? 1);
  }
}
summary();
