// Worker entry of the availability bench's server: loaders of the main thread do not reach
// worker threads, so the TypeScript module is loaded through tsx here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./availability-server.ts', import.meta.url);
