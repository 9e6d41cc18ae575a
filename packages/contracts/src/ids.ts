import { z } from 'zod';

/** A database id as it arrives in a path, a query or a form: digits only, positive. */
export const idSchema = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.')
  .max(2_147_483_647, 'Is too large.');

export const idParamsSchema = z.object({ id: idSchema }).strict();

/** YYYY-MM-DD, a real calendar date. */
export const isoDateSchema = z.iso.date('Use a date as YYYY-MM-DD.');

/** An ISO 8601 date-time with a zone (Z or an offset). */
export const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  message: 'Use an ISO 8601 date-time with a time zone.',
});
