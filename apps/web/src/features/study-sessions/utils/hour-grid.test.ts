import { parseClock } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { clockOf, layoutDay, minuteAt, minutesInDay, snapMinute } from './hour-grid';

describe('hour grid geometry', () => {
  it('places two sessions of one day by their minutes, far apart when hours apart', () => {
    const day = new Date(2026, 10, 25);
    expect(minutesInDay(new Date(2026, 10, 25, 8, 0), day)).toBe(480);
    expect(minutesInDay(new Date(2026, 10, 25, 16, 0), day)).toBe(960);
    // A session running past midnight ends at the bottom of its day.
    expect(minutesInDay(new Date(2026, 10, 26, 1, 0), day)).toBe(1440);
  });

  it('puts overlapping items side by side and leaves separate ones full width', () => {
    const placed = layoutDay(
      [
        { id: 'a', start: 600, end: 720 },
        { id: 'b', start: 660, end: 750 },
        { id: 'c', start: 900, end: 960 },
      ],
      (item) => item,
    );
    const byId = Object.fromEntries(placed.map((p) => [p.item.id, [p.lane, p.lanes]]));
    expect(byId).toEqual({ a: [0, 2], b: [1, 2], c: [0, 1] });
  });

  it('snaps a pointer to a quarter hour inside the day', () => {
    // 1440 px column: a pixel is a minute.
    expect(minuteAt(607, 1440)).toBe(600);
    expect(minuteAt(-20, 1440)).toBe(0);
    expect(minuteAt(5000, 1440)).toBe(1425);
    expect(snapMinute(537.5)).toBe(540);
    expect(snapMinute(-3)).toBe(0);
    expect(clockOf(570)).toBe('09:30');
    expect(parseClock(clockOf(570))).toBe(570);
    expect(clockOf(1500)).toBe('24:00');
  });
});
