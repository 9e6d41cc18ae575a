/**
 * What each session of one subject covers: which topics (introduced in order, learned in parts,
 * reviewed when the spacing ridgeline says they are due, all of them in the final review), the
 * focus points shown to the student, and the files to have at hand. Pure, no I/O.
 */
import { ridgeline } from './model.js';
import type { PlanTexts } from './plan-texts.js';
import type { PlannedBlock } from './types.js';

const EPS = 1e-9;
/** Gaps are only measured against the ridgeline this many days or more before the exam (M5). */
const MIN_RI = 3;
/** Band of the gap over the ridgeline gap r*(RI) that counts as well spaced (M5). */
const BAND_LOW = 0.5;
const BAND_HIGH = 2;
/** Topics per session, and per mixed review at least (M6b). */
const MAX_TOPICS = 3;
const MIN_MIX = 2;
/** Share of the window by which every topic has started (M10), and when front-loading. */
const START_BY = 0.7;
const FRONT_LOADED_START_BY = 0.5;

export interface TopicPlan {
  kind: PlannedBlock['kind'];
  topics: number[];
  part: number;
}

/**
 * Each topic's learning turn as fractions of the window, in proportion to its size: every topic
 * starts by 70% of the window (50% when front-loading, with a little margin), and a turn lasts
 * until the next topic starts (the last one until the turns' scaled end).
 */
function learningTurns(sizes: number[], frontLoad: boolean): { start: number[]; end: number[] } {
  const N = sizes.length;
  const total = sizes.reduce((s, x) => s + x, 0);
  const cumBefore: number[] = [];
  let acc = 0;
  for (const x of sizes) {
    cumBefore.push(acc / total);
    acc += x;
  }
  const limit = (frontLoad ? FRONT_LOADED_START_BY : START_BY) * 0.98;
  const lastStart = cumBefore[N - 1] as number;
  const scale = N > 1 && lastStart > 0 ? Math.min(1, limit / lastStart) : 1;
  const start = cumBefore.map((c) => c * scale);
  const end = start.map((_, t) => (t + 1 < N ? (start[t + 1] as number) : scale));
  return { start, end };
}

/** Where a studied topic stands against the ridgeline band at one session, best to review first. */
const FREE = 4; // too close to the exam for a gap to be measured: any topic may come back
const URGENT = 3; // in band now, past it by the next session that can review
const IN_BAND = 2;
const LOST = 1; // past the band: it costs one off-band gap to come back, then it can be kept
const EARLY = 0; // before the band: reviewing it now wastes the gap
const LEARNING = -1; // the topic being learned: only to mix a review that has nothing else

interface Candidate {
  topic: number;
  rank: number;
  /** Order within a rank, higher first. */
  key: number;
}

/**
 * A review on `day` with the subject's next chance to review on `nextDay`: the ridgeline gap
 * r*(RI)·RI of each day (once per session, not per topic), or 0 when no gap is measured there.
 */
interface ReviewDay {
  day: number;
  nextDay: number;
  span: number;
  nextSpan: number;
}

/** RI * r*(RI) for whole-day RIs within two years, computed once (a power per call was ~3%). */
const GAP_TABLE = Float64Array.from({ length: 732 }, (_, RI) => RI * ridgeline(RI));

function ridgelineGap(day: number, examDay: number): number {
  const RI = examDay - day;
  if (RI < MIN_RI) return 0;
  return RI < GAP_TABLE.length && Number.isInteger(RI)
    ? (GAP_TABLE[RI] as number)
    : RI * ridgeline(RI);
}

/**
 * Ranks a topic last seen on `last` into `out` (reused: this runs for every topic of every
 * session). q, the gap over the ridgeline gap, only grows with the day of the review, so a topic
 * in band that would be past it by the next chance must be reviewed now or lost; in-band topics
 * closest to leaving the band come first, then lost ones (most overdue first), and too-early ones
 * last.
 */
function rankTopic(topic: number, last: number, r: ReviewDay, out: Candidate): Candidate {
  out.topic = topic;
  if (r.span === 0) {
    out.rank = FREE;
    out.key = r.day - last;
    return out;
  }
  const q = (r.day - last) / r.span;
  out.key = q;
  if (q < BAND_LOW - EPS) out.rank = EARLY;
  else if (q > BAND_HIGH + EPS) out.rank = LOST;
  // No gap is measured at the next chance: this is the topic's last measured one, not a loss.
  else if (r.nextSpan === 0) out.rank = IN_BAND;
  else {
    const qNext = (r.nextDay - last) / r.nextSpan;
    out.rank = qNext > BAND_HIGH + EPS ? URGENT : IN_BAND;
    out.key = qNext;
  }
  return out;
}

const better = (a: Candidate, b: Candidate) =>
  a.rank !== b.rank ? a.rank > b.rank : a.key !== b.key ? a.key > b.key : a.topic < b.topic;

/** The best candidates so far, best first, at most MAX_TOPICS; slots are reused, not allocated. */
class Best {
  readonly items: Candidate[] = Array.from({ length: MAX_TOPICS }, () => ({
    topic: 0,
    rank: 0,
    key: 0,
  }));
  length = 0;

  /** Inserts a copy of `c` in order, dropping the worst beyond MAX_TOPICS. */
  offer(c: Candidate): void {
    let i = this.length;
    while (i > 0 && better(c, this.items[i - 1] as Candidate)) i--;
    if (i >= MAX_TOPICS) return;
    // The last slot is recycled for the newcomer; the ones from i on shift down by one.
    const end = Math.min(this.length, MAX_TOPICS - 1);
    const slot = this.items[end] as Candidate;
    for (let x = end; x > i; x--) this.items[x] = this.items[x - 1] as Candidate;
    slot.topic = c.topic;
    slot.rank = c.rank;
    slot.key = c.key;
    this.items[i] = slot;
    if (this.length < MAX_TOPICS) this.length++;
  }
}

/**
 * The topics of a review from the best candidates (best first), or undefined when the session is
 * better spent learning. A review takes every topic that gains from it now (in band, or no gap
 * measured), topped up to two for mixed retrieval practice with the next best. It waits while a
 * topic is being learned unless two topics gain or one is about to leave its band, and a lone
 * gaining topic waits for a partner unless a lost one (due anyway) can join it. With nothing in
 * band, lost topics come back once the learning turns are over; when every topic was seen too
 * recently to review, the session keeps learning.
 */
function pickReview(top: Best, inTurn: boolean): number[] | undefined {
  let gains = 0;
  let lost = 0;
  for (let i = 0; i < top.length; i++) {
    const c = top.items[i] as Candidate;
    if (c.rank >= IN_BAND) gains++;
    else if (c.rank === LOST) lost++;
  }
  // Ranks are sorted, and FREE holds for every topic of a session or none.
  const urgent = top.length > 0 && (top.items[0] as Candidate).rank >= URGENT;
  let n = gains;
  if (gains === 0) n = inTurn ? 0 : lost;
  else if (!urgent && (inTurn ? gains < MIN_MIX : gains === 1 && lost === 0)) n = 0;
  if (n === 0) return undefined;
  n = Math.min(Math.max(n, MIN_MIX), top.length);
  // The n best topics in ascending order (an insertion sort of at most three).
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t = (top.items[i] as Candidate).topic;
    let x = i;
    while (x > 0 && (out[x - 1] as number) > t) {
      out[x] = out[x - 1] as number;
      x--;
    }
    out[x] = t;
  }
  return out;
}

/**
 * Chooses the topics of each session of one subject: topics are introduced in order (all by
 * 70% of the window, 50% when front-loading) and the current topic is learned for as long as
 * its turn lasts, unless a learned topic is about to leave its ridgeline band; once the turns
 * are over, sessions are mixed retrieval practice, keeping as many topics in band as they can.
 * The reserved last session is a final review of everything.
 */
export function assignTopics(
  sessionDays: number[],
  finals: boolean[],
  sizes: number[],
  windowLen: number,
  examDay: number,
  frontLoad: boolean,
): TopicPlan[] {
  const N = sizes.length;
  const turns = learningTurns(sizes, frontLoad);
  const frac = (day: number) => day / Math.max(1, windowLen);
  const lastExp = new Array<number>(N).fill(-1);
  const parts = new Array<number>(N).fill(0);
  let nextTopic = 0;
  let learning = -1;
  const out: TopicPlan[] = [];
  const after = new Int32Array(sessionDays.length + 1);
  for (let i = sessionDays.length - 1; i >= 0; i--)
    after[i] = (after[i + 1] as number) + (finals[i] ? 0 : 1);
  // Sessions from i on that fall by the day every topic must have started (M10): topics whose
  // turns start close together must not all wait for the last session before it, which could
  // introduce only MAX_TOPICS of them.
  const startBy = frontLoad ? FRONT_LOADED_START_BY : START_BY;
  const inTime = new Int32Array(sessionDays.length + 1);
  for (let i = sessionDays.length - 1; i >= 0; i--)
    inTime[i] =
      (inTime[i + 1] as number) +
      (!finals[i] && frac(sessionDays[i] as number) <= startBy + EPS ? 1 : 0);
  /**
   * How many new topics session j introduces when `from` is the next one: each topic whose turn
   * starts before the following session (later would be too late), more when the sessions left
   * could not otherwise introduce them all, and all the rest in the last one.
   */
  const introduced = (j: number, from: number): number => {
    const b = sessionDays[j] as number;
    const nextF = j + 1 < sessionDays.length ? frac(sessionDays[j + 1] as number) : 1;
    const left = after[j + 1] as number;
    const leftInTime = frac(b) <= startBy + EPS ? (inTime[j + 1] as number) : left;
    const forced = Math.max(0, N - from - MAX_TOPICS * Math.min(left, leftInTime));
    let n = 0;
    for (let t = from; t < N && n < MAX_TOPICS; t++, n++)
      if (
        !((turns.start[t] as number) < Math.max(nextF, frac(b) + EPS) || n < forced || left === 0)
      )
        break;
    return n;
  };
  /**
   * The day of the next session after j that may review (not one introducing topics), or the
   * exam day: a topic in band now and past it by then is lost unless reviewed now.
   */
  const nextReviewDay = (j: number, from: number): number => {
    let k = j + 1;
    while (k < sessionDays.length && !finals[k]) {
      const n = introduced(k, from);
      if (n === 0) break;
      from += n;
      k++;
    }
    return k < sessionDays.length ? (sessionDays[k] as number) : examDay;
  };
  const top = new Best();
  const scratch: Candidate = { topic: 0, rank: 0, key: 0 };
  for (let j = 0; j < sessionDays.length; j++) {
    const b = sessionDays[j] as number;
    if (finals[j]) {
      const all = new Array<number>(N);
      for (let t = 0; t < N; t++) {
        all[t] = t;
        lastExp[t] = b;
      }
      nextTopic = N;
      out.push({ kind: 'final-review', topics: all, part: 0 });
      continue;
    }
    const fresh = introduced(j, nextTopic);
    if (fresh > 0) {
      const pending = new Array<number>(fresh);
      for (let i = 0; i < fresh; i++) {
        const t = nextTopic + i;
        pending[i] = t;
        lastExp[t] = b;
        parts[t] = 1;
      }
      nextTopic += fresh;
      learning = nextTopic - 1;
      out.push({ kind: 'learn', topics: pending, part: 1 });
      continue;
    }
    const nextDay = nextReviewDay(j, nextTopic);
    const when: ReviewDay = {
      day: b,
      nextDay,
      span: ridgelineGap(b, examDay),
      nextSpan: ridgelineGap(nextDay, examDay),
    };
    // The topic being learned is not reviewed while its turn lasts.
    const inTurn = learning >= 0 && frac(b) < (turns.end[learning] as number) - EPS;
    top.length = 0;
    for (let t = 0; t < nextTopic; t++) {
      if (t === learning && inTurn) {
        scratch.topic = t;
        scratch.rank = LEARNING;
        scratch.key = 0;
      } else rankTopic(t, lastExp[t] as number, when, scratch);
      top.offer(scratch);
    }
    const review = top.length > 0 ? pickReview(top, inTurn) : undefined;
    // A lone topic is no mixed practice once two are studied: keep learning instead.
    if (review && (review.length >= MIN_MIX || nextTopic < MIN_MIX)) {
      for (const t of review) lastExp[t] = b;
      out.push({ kind: 'review', topics: review, part: 0 });
      continue;
    }
    const t = Math.max(learning, 0);
    parts[t] = (parts[t] as number) + 1;
    lastExp[t] = b;
    out.push({ kind: 'learn', topics: [t], part: parts[t] as number });
  }
  return out;
}

function norm(s: string): string {
  return s
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Files whose name shares a meaningful word (4+ letters) with the topic name; `normFiles` are the
 * file names normalised once per subject (` ${norm(f)} `).
 */
function filesForTopic(topic: string, normFiles: readonly string[]): number[] {
  const words = norm(topic)
    .split(' ')
    .filter((w) => w.length >= 4);
  if (words.length === 0) return [];
  const out: number[] = [];
  normFiles.forEach((n, i) => {
    if (words.some((w) => n.includes(w))) out.push(i);
  });
  return out;
}

/**
 * A subject's focus points (phrased as retrieval prompts, docs/planner.md, M11) in the plan's
 * language, each text built once per plan and shared by the blocks that use it: a plan has
 * hundreds of blocks and strings are immutable, so this saves most of the output's allocation.
 */
export class FocusTexts {
  private readonly learn: string[];
  private readonly recall: string[];
  private readonly retrieval: string[];
  /** "Mix questions across ..." by the review's topics (at most 3, each under 2^16). */
  private readonly mixes = new Map<number, string>();

  constructor(
    private readonly names: readonly string[],
    private readonly texts: PlanTexts['focus'],
  ) {
    this.learn = names.map((n) => texts.learn(n));
    this.recall = names.map((n) => texts.recall(n));
    this.retrieval = names.map((n) => texts.retrieval(n));
  }

  /** The focus points of one block. */
  of(plan: TopicPlan): string[] {
    const ts = plan.topics;
    const n = ts.length;
    const texts = this.texts;
    // Arrays of their exact size: growing by push reserves room for 17 entries each.
    if (plan.kind === 'final-review') {
      const out = new Array<string>(n + 2);
      out[0] = texts.practiceTest;
      for (let i = 0; i < n; i++) out[i + 1] = this.recall[ts[i] as number] as string;
      out[n + 1] = texts.checkAnswers;
      return out;
    }
    if (plan.kind === 'review' || plan.part <= 1) {
      const review = plan.kind === 'review';
      const own = review ? this.retrieval : this.learn;
      const out = new Array<string>(n + 1);
      for (let i = 0; i < n; i++) out[i] = own[ts[i] as number] as string;
      out[n] = review ? (n > 1 ? this.mix(ts) : texts.answerFromMemory) : texts.closeWithRecall;
      return out;
    }
    return [texts.continue(this.names[ts[0] as number] as string, plan.part), texts.workExamples];
  }

  private mix(ts: readonly number[]): string {
    const names = () => ts.map((t) => this.names[t] as string);
    if (ts.length > 3) return this.texts.mix(names());
    let key = 0;
    for (const t of ts) key = key * 65_536 + t + 1;
    let text = this.mixes.get(key);
    if (text === undefined) {
      text = this.texts.mix(names());
      this.mixes.set(key, text);
    }
    return text;
  }
}

/**
 * Files of each block (their names, each once): the files matching its topics, all files for a
 * final review, the unmatched files spread over the other blocks, and any file still unused
 * appended to block i mod n.
 */
export function blockFiles(plans: TopicPlan[], names: string[], files: string[]): string[][] {
  const normFiles = files.map((f) => ` ${norm(f)} `);
  const topicFiles = names.map((n) => filesForTopic(n, normFiles));
  const matched = new Uint8Array(files.length);
  for (const list of topicFiles) for (const i of list) matched[i] = 1;
  const loose: number[] = [];
  for (let i = 0; i < files.length; i++) if (!matched[i]) loose.push(i);
  const used = new Uint8Array(files.length);
  const mark = new Uint8Array(files.length);
  const add = (list: string[], i: number) => {
    const f = files[i] as string;
    if (!list.includes(f)) list.push(f);
  };
  // Lists are gathered in one scratch array and copied at their exact size (a list grown by
  // push reserves room for 17 names; there is one list per block).
  const scratch: string[] = [];
  const perBlock: string[][] = plans.map((p, j) => {
    if (files.length === 0) return [];
    mark.fill(0);
    if (p.kind === 'final-review') mark.fill(1);
    for (const t of p.topics) for (const i of topicFiles[t] as number[]) mark[i] = 1;
    if (loose.length > 0 && p.kind !== 'final-review') mark[loose[j % loose.length] as number] = 1;
    scratch.length = 0;
    for (let i = 0; i < files.length; i++)
      if (mark[i]) {
        add(scratch, i);
        used[i] = 1;
      }
    return scratch.slice();
  });
  for (let i = 0; i < files.length; i++) {
    const list = perBlock[i % perBlock.length];
    if (!used[i] && list) add(list, i);
  }
  return perBlock;
}
