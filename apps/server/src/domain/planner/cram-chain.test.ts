import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { m8Excess } from './anti-cramming.js';
import { type ChainPlan, chainEarlier, chainsToNeeds } from './cram-chain.js';
import { hoursBySubject } from './repair.js';

// Subject 0's exam on day 30 (6.5 h needed, 7.5 held in 1.5-h sessions, four of them on days
// 24-27 of its last week, one on day 20). Subject 1 (exam on day 12, 4.5 h needed) holds 1-h
// places on days 2 and 4 and 1.5-h ones on days 6 and 8, half an hour past its need; subject 2
// (exam on day 22) holds every other place up to day 21, at its need. No place is free, and no
// trade of two places lowers 0's last week: 0's late session leaves only if 0 wins an hour back
// before day 23, which 1's 1-h places give, while 1 wins its loss back from 2 and 2 from 0.
const lens = (d: number) => (d === 2 || d === 4 ? [2] : d === 22 || d === 23 || d > 27 ? [] : [3]);
const tplOf = (d: number) => dayOfPlaces(lens(d));
const ownerOf = (d: number) => {
  if ([20, 24, 25, 26, 27].includes(d)) return 0;
  if ([2, 4, 6, 8].includes(d)) return 1;
  return d < 22 ? 2 : -1;
};
const DAYS = 30;

function chainPlan(needs: number[]): ChainPlan {
  const owners = Array.from({ length: DAYS }, (_, d) =>
    Int16Array.from(lens(d).map(() => ownerOf(d))),
  );
  return {
    tplOf,
    owners,
    exam: Float64Array.from([30, 12, 22]),
    keep: [-1, -1, -1],
    keepLen: new Int32Array(3),
    needs,
    hours: hoursBySubject(tplOf, owners, 3),
    L: 1.5,
    budget: { nodes: 20_000 },
  };
}

/** Subject k's hours on days from..to-1. */
const hoursOn = (p: ChainPlan, k: number, from: number, to: number) =>
  p.owners
    .slice(from, to)
    .reduce(
      (h, own, x) =>
        h +
        own.reduce((s, o, i) => s + (o === k ? (tplOf(from + x).places[i]?.len ?? 0) / 2 : 0), 0),
      0,
    );

describe('chainEarlier, places of mixed lengths through three subjects', () => {
  const needs = [6.5, 4.5, 25.5];

  it('lowers the last week while every subject keeps its need and its window', () => {
    const p = chainPlan(needs);
    const before = m8Excess(tplOf, p.owners, 0, 30, 1.5);
    expect(hoursOn(p, 0, 23, 30)).toBe(6);

    expect(chainEarlier(p, 0, 27, 0, 23)).toBe(true);

    expect(hoursOn(p, 0, 23, 30)).toBe(4.5);
    expect(m8Excess(tplOf, p.owners, 0, 30, 1.5).over7).toBeLessThan(before.over7);
    const hours = hoursBySubject(tplOf, p.owners, 3);
    for (const [k, need] of needs.entries()) expect(hours[k]).toBeGreaterThanOrEqual(need);
    // Each subject's sessions stay in its window; the hours kept in step with the places.
    expect(hoursOn(p, 1, 12, DAYS)).toBe(0);
    expect(hoursOn(p, 2, 22, DAYS)).toBe(0);
    expect([...p.hours]).toEqual([...hours]);
  });

  it('changes nothing when no chain ends with every need held', () => {
    // Subject 1 at its need: no hour anywhere to win 0's back with.
    const p = chainPlan([6.5, 5, 25.5]);
    const owners = p.owners.map((o) => [...o]);
    expect(chainEarlier(p, 0, 27, 0, 23)).toBe(false);
    expect(p.owners.map((o) => [...o])).toEqual(owners);
    expect([...p.hours]).toEqual([...hoursBySubject(tplOf, p.owners, 3)]);
  });
});

// Seed 75,355,312 #887 as planned (1-h places; A = 0, B = 1, C = 2, D = 3): A's exam on day 35,
// 12 h in its last week (days 28-34); D's on day 29, its final review on day 28 beside A's
// session. A's least there is 11 h: D's two places of day 26 go to A, and D takes A's places of
// days 27 and 28. On the way day 26 holds 5 of A beside 1 of D, which the day's check refuses;
// at the end it holds 6 of A alone.
const DAYS_887 = [
  'BB',
  '',
  '',
  'BB',
  'B',
  'BBBBBB',
  'BBB',
  'BB',
  '',
  '',
  'CC',
  'C',
  'CCCCCC',
  'CDC',
  'BD',
  '',
  '',
  'CD',
  'C',
  'CCDCDC',
  'DCD',
  'DD',
  '',
  '',
  'AD',
  'C',
  'AADADA',
  'AAA',
  'DA',
  '',
  '',
  'AA',
  'A',
  'AAAAA',
  'AAA',
];

function plan887(): ChainPlan {
  const tpl = (d: number) => dayOfPlaces((DAYS_887[d] ?? '').split('').map(() => 2));
  const owners = DAYS_887.map((day) =>
    Int16Array.from(day.split('').map((c) => c.charCodeAt(0) - 65)),
  );
  return {
    tplOf: tpl,
    owners,
    exam: Float64Array.from([35, 17, 26, 29]),
    keep: [34, 14, 25, 28],
    keepLen: Int32Array.from([2, 2, 2, 2]),
    needs: [20, 17, 19, 13],
    hours: hoursBySubject(tpl, owners, 4),
    L: 1,
    budget: { nodes: 20_000 },
  };
}

describe('chainEarlier, a day that passes through a refused state', () => {
  it("gives A's late place to D and gathers A's earlier sessions on one day", () => {
    const p = plan887();
    const count = (k: number, from: number, to: number) =>
      p.owners.slice(from, to).reduce((n, own) => n + own.filter((o) => o === k).length, 0);
    expect(count(0, 28, 35)).toBe(12);

    expect(chainEarlier(p, 0, 28, 1, 28)).toBe(true);

    expect(count(0, 28, 35)).toBe(11);
    expect([...(p.owners[26] ?? [])]).toEqual([0, 0, 0, 0, 0, 0]);
    // D's last 3 days hold what they held, its final review still last.
    expect(count(3, 26, 29)).toBe(3);
    expect(p.owners[28]?.[0]).toBe(3);
    const hours = hoursBySubject(p.tplOf, p.owners, 4);
    for (const [k, need] of [20, 17, 19, 13].entries())
      expect(hours[k]).toBeGreaterThanOrEqual(need);
  });
});

/**
 * A plan for the need chains: `days` days of the places `lensOf` gives (in half-hours), each
 * held by `owner` of its day, with 1.5-h sessions; `keep` and `keepLen` the final reviews
 * (none unless given). Runs chainsToNeeds and gives the owners after it, what it returned and
 * each subject's hours.
 */
function runNeedChains(p: {
  days: number;
  lensOf: (d: number) => number[];
  owner: (d: number) => number;
  exam: number[];
  needs: number[];
  keep?: number[];
  keepLen?: Int32Array;
}) {
  const tplOf = (d: number) => dayOfPlaces(p.lensOf(d));
  const owners = Array.from({ length: p.days }, (_, d) =>
    Int16Array.from(p.lensOf(d).map(() => p.owner(d))),
  );
  const S = p.needs.length;
  const crammed = chainsToNeeds({
    tplOf,
    owners,
    exam: Float64Array.from(p.exam),
    keep: p.keep ?? new Array<number>(S).fill(-1),
    keepLen: p.keepLen ?? new Int32Array(S),
    needs: p.needs,
    L: 1.5,
    calendar: calendarWeeks(0, p.days),
  });
  return { owners, crammed, hours: [...hoursBySubject(tplOf, owners, S)] };
}

describe('chainsToNeeds', () => {
  // Subject 0 (exam on day 10) holds a 1-h place on day 0 and needs 1.5 h; every place in its
  // window is taken. Subject 1 (exam on day 20) holds 1.5-h places on days 1 and 5, its need,
  // and a 1.5-h place on day 15 is free, past 0's window. 0 takes 1's place of day 5 (the
  // latest), and 1 the free one (the shortest chain: 0 then holds an hour past its need).
  const lensOf = (d: number) => (d === 0 ? [2] : d === 1 || d === 5 || d === 15 ? [3] : []);
  const owner = (d: number) => (d === 0 ? 0 : d === 1 || d === 5 ? 1 : -1);

  it('meets a need half a session short through a chain', () => {
    const { owners, hours } = runNeedChains({
      days: 20,
      lensOf,
      owner,
      exam: [10, 20],
      needs: [1.5, 3],
    });
    expect(hours).toEqual([2.5, 3]);
    expect(owners[5]?.[0]).toBe(0);
    expect(owners[15]?.[0]).toBe(1);
  });
});

describe('chainsToNeeds, subjects without an exam', () => {
  // Subject 0 has no exam: it holds a 1.5-h place on day 16 and needs 2 h. Subject 1 (exam on
  // day 10, 3 h) holds 1.5-h places on days 2 and 4 and a 1-h one on day 8, an hour past its
  // need. No place is free. 0 takes 1's 1-h place (1 keeps its need without it).
  const lensOf = (d: number) => (d === 8 ? [2] : d === 2 || d === 4 || d === 16 ? [3] : []);
  const owner = (d: number) => (d === 16 ? 0 : 1);

  it('meets the need of a subject without an exam half a session short', () => {
    const { owners, crammed, hours } = runNeedChains({
      days: 21,
      lensOf,
      owner,
      exam: [Number.NaN, 10],
      needs: [2, 3],
    });
    expect(hours).toEqual([2.5, 3]);
    expect(owners[8]?.[0]).toBe(0);
    expect(crammed).toBe(false);
  });

  // Every place holds 1.5 h and is held. Subject 0 (exam on day 10) holds days 0 and 2, half an
  // hour short of its 3.5 h. Subject 1 (exam on day 20, 6 h) holds days 4 and 6 and days 14 and
  // 16 of its last week (3 h there, under its limit of twice its mean week, 4.2 h). Subject 2 has
  // no exam: it holds days 15 and 17, 1.5 h past its need. 0 can take only 1's places, and 1 win
  // its hours back only from 2, in its last week: no chain keeps 1 under its limit, and the need
  // comes first (94,589,261 #186).
  const lens2 = (d: number) => ([0, 2, 4, 6, 14, 15, 16, 17].includes(d) ? [3] : []);
  const owner2 = (d: number) => (d <= 2 ? 0 : d === 15 || d === 17 ? 2 : 1);

  it('passes an M8 limit only where no chain meets the need without', () => {
    const { owners, crammed, hours } = runNeedChains({
      days: 21,
      lensOf: lens2,
      owner: owner2,
      exam: [10, 20, Number.NaN],
      needs: [3.5, 6, 1.5],
    });
    expect(hours).toEqual([4.5, 6, 1.5]);
    expect(crammed).toBe(true);
    // 1's last week holds 4.5 h now, past its limit.
    expect(owners[6]?.[0]).toBe(0);
    expect(owners[17]?.[0]).toBe(1);
  });
});

describe('chainsToNeeds, a final review moved', () => {
  // Subject 1 (exam on day 8, 3 h) holds a 1.5-h place on day 2, a 1-h one on day 3 and its
  // final review in a 1-h place on day 7, half an hour past its need. Subject 0 (exam on day 12)
  // holds 1.5-h places on days 6 and 9, half an hour short of its 3.5 h. No place is free: 0
  // meets its need only with both 1-h places, 1 its own with the two 1.5-h ones before its
  // exam. 0 takes day 3, 1 day 6, 0 day 7: 1's review moves to day 6 (88,550,602 #256).
  const lensOf = (d: number) =>
    d === 3 || d === 7 ? [2] : d === 2 || d === 6 || d === 9 ? [3] : [];
  const owner = (d: number) => (d === 6 || d === 9 ? 0 : lensOf(d).length ? 1 : -1);

  it('moves a final review to meet a need', () => {
    const keep = [-1, 7];
    const keepLen = Int32Array.from([0, 2]);
    const { owners, hours } = runNeedChains({
      days: 14,
      lensOf,
      owner,
      exam: [12, 8],
      needs: [3.5, 3],
      keep,
      keepLen,
    });
    expect(hours).toEqual([3.5, 3]);
    expect(owners[7]?.[0]).toBe(0);
    expect(owners[6]?.[0]).toBe(1);
    expect(keep).toEqual([-1, 6]);
    expect([...keepLen]).toEqual([0, 3]);
  });
});
