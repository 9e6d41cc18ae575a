import { describe, expect, it } from 'vitest';
import { CALENDAR_COLOURS, calendarColour, calendarColourClass } from './calendar-colours';

describe('calendar colours', () => {
  it('gives each calendar id a colour, in turn, and classes only known ones', () => {
    expect([1, 2, 6, 7].map(calendarColour)).toEqual(['indigo', 'rose', 'teal', 'indigo']);
    expect(new Set([0, 1, 2, 3, 4, 5].map(calendarColour)).size).toBe(CALENDAR_COLOURS.length);
    expect(calendarColourClass('hour-grid__busy x', 'teal')).toBe(
      'hour-grid__busy x hour-grid__busy--teal',
    );
    expect(calendarColourClass('hour-grid__busy', 'url(evil)')).toBe('hour-grid__busy');
  });
});
