import { z } from 'zod';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/** A database id as it arrives in a path, a query or a form: digits only, positive. */
export const idSchema = z.coerce
  .number(message(M.notANumber))
  .int(message(M.notAWholeNumber))
  .positive(message(M.notPositive))
  .max(2_147_483_647, message(M.idTooLarge));

export const idParamsSchema = z.object({ id: idSchema }).strict();

/** YYYY-MM-DD, a real calendar date. */
export const isoDateSchema = z.iso.date(message(M.dateInvalid));

/** An ISO 8601 date-time with a zone (Z or an offset). */
export const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  ...message(M.dateTimeInvalid),
});
