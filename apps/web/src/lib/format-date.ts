/**
 * A calendar date (YYYY-MM-DD) written the way the chosen language writes dates. Parsed as a
 * local date so the day never shifts with the time zone.
 */
export function formatLongDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
