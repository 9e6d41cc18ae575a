import { z } from 'zod';
import { VALIDATION_MESSAGES as M, refinement } from './messages.js';

/**
 * A valid IANA time-zone name (default UTC). A module of its own: the busy times and the
 * reminders take it, and importing it from the wizard's contracts built every wizard schema.
 */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, refinement(M.timeZoneInvalid));
