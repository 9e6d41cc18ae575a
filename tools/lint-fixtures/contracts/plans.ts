// breaks contracts-only-zod
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { idSchema } from './ids.js';

export const planSchema = z.object({ id: idSchema.default(randomUUID) });
