// breaks server-kysely-in-repositories
import { sql } from 'kysely';
import { createPlansService } from '../features/plans/index.js';

export const reminders = [sql, createPlansService];
