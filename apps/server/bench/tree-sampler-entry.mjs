// Thread of sampleTreeRss (process-tree.ts): keeps the highest resident memory of the process
// tree, and of the processes below its root, in shared integers (KB). Loaders of the main
// thread do not reach worker threads, so the TypeScript module is loaded through tsx here.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { treeRssKb } = await tsImport('./process-tree.ts', import.meta.url);
const peaks = new Int32Array(workerData.peaks);
const sample = () => {
  const kb = treeRssKb(workerData.root);
  Atomics.store(peaks, 0, Math.max(Atomics.load(peaks, 0), kb.root + kb.below));
  Atomics.store(peaks, 1, Math.max(Atomics.load(peaks, 1), kb.below));
};
sample();
setInterval(sample, workerData.everyMs);
parentPort?.postMessage('sampling');
