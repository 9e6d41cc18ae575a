import { Kysely } from 'kysely';
// breaks no-circular (a type-only import counts)
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;
export const DbClass = Kysely;
