/**
 * Imported calendars' colours, one per calendar by its id (docs/product.md, Busy time): a hue
 * apart from the subject colours, so a lecture never reads as a study session. They only
 * decorate; the calendar's name is always shown as text.
 */
export const CALENDAR_COLOURS = ['teal', 'indigo', 'rose', 'olive', 'brown', 'slate'] as const;
export type CalendarColour = (typeof CALENDAR_COLOURS)[number];

export function calendarColour(calendarId: number): CalendarColour {
  const n = CALENDAR_COLOURS.length;
  return CALENDAR_COLOURS[((Math.trunc(calendarId) % n) + n) % n] ?? 'teal';
}

const NAMES: ReadonlySet<string> = new Set(CALENDAR_COLOURS);

/** `base` with its calendar-colour modifier (`base base--teal`); a stray value adds nothing. */
export function calendarColourClass(base: string, colour: string | undefined): string {
  const block = base.split(' ')[0] ?? base;
  return colour && NAMES.has(colour) ? `${base} ${block}--${colour}` : base;
}
