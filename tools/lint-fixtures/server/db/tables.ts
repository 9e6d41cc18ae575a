// Closes the cycle that connect.ts starts.
import type { Db } from './connect.js';

export interface Tables {
  users: { id: number };
}
export type Handle = Db;
