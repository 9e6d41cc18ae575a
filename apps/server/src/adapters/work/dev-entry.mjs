// Entry of a work-pool thread when the server runs from its TypeScript sources (tests,
// `npm run dev`): loaders given to the main thread do not reach worker threads.
import { tsImport } from 'tsx/esm/api';

const mod = await tsImport('./work-worker.ts', import.meta.url);
export default mod.default;
