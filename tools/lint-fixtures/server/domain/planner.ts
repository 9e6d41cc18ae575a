import { z } from 'zod';
import { idSchema } from '../../contracts/ids.js';
// breaks server-domain-pure
import { AppError } from '../platform/app-error.js';

export const plannerInput = z.object({ id: idSchema });
export const PlannerError = AppError;
