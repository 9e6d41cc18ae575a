/**
 * The EDF guard's demand-bound step (docs/planner.md, The EDF guard): each subject's remaining
 * need is cut into pieces with (real or virtual) deadlines; going through them by deadline, what
 * the free capacity before a deadline cannot hold is due today. Pure, no I/O.
 */
import { addTo, f64, i32 } from './typed.js';

const EPS = 1e-9;

/**
 * The EDF guard cuts each subject's remaining need into at most this many pieces: what must
 * come before its last week, before its last CRAM_DAYS, and the rest by its real deadline.
 */
const PIECES_PER_SUBJECT = 3;

/** The pieces: one subject's remaining need with one deadline, indexed by piece. */
export interface Pieces {
  subject: Int32Array;
  end: Int32Array;
  hours: Float64Array;
  /** How much of the piece is due today. */
  due: Float64Array;
  /** Piece indexes sorted by end (`sortPiecesByEnd`). */
  order: Int32Array;
}

/** Room for the pieces of `subjectCount` subjects, reused every day. */
export function piecesFor(subjectCount: number): Pieces {
  return {
    subject: new Int32Array(PIECES_PER_SUBJECT * subjectCount),
    end: new Int32Array(PIECES_PER_SUBJECT * subjectCount),
    hours: new Float64Array(PIECES_PER_SUBJECT * subjectCount),
    due: new Float64Array(PIECES_PER_SUBJECT * subjectCount),
    order: new Int32Array(PIECES_PER_SUBJECT * subjectCount),
  };
}

/**
 * Sorts the first `pieceCount` pieces by end into `pieces.order` (insertion sort: a few dozen
 * pieces, and no comparator closure per day); pieces ending together keep their order.
 */
export function sortPiecesByEnd(pieces: Pieces, pieceCount: number): void {
  const { end: pieceEnd, order: pieceOrder } = pieces;
  for (let x = 0; x < pieceCount; x++) pieceOrder[x] = x;
  const byEnd = pieceOrder; // the first pieceCount entries
  for (let a = 1; a < pieceCount; a++) {
    const x = i32(byEnd, a);
    let b = a - 1;
    while (b >= 0 && i32(pieceEnd, i32(byEnd, b)) > i32(pieceEnd, x)) {
      byEnd[b + 1] = i32(byEnd, b);
      b--;
    }
    byEnd[b + 1] = x;
  }
}

/**
 * The EDF guard's demand-bound step for day d: going through the pieces by end, what the free
 * capacity from tomorrow to a piece's end cannot hold is due today (`pieces.due`), and adds to
 * `mandatory[k]` (with `mandatoryEnd[k]`, its earliest end).
 */
export function assignDueToday(
  pieces: Pieces,
  pieceCount: number,
  suffixFree: Float64Array,
  d: number,
  sessionHours: number,
  mandatory: Float64Array,
  mandatoryEnd: Int32Array,
): void {
  const {
    subject: pieceSubject,
    end: pieceEnd,
    hours: pieceHours,
    due: pieceDue,
    order: byEnd,
  } = pieces;
  let prefixDemand = 0;
  let assigned = 0;
  for (let i = 0; i < pieceCount; ) {
    const end = i32(pieceEnd, i32(byEnd, i));
    let j = i;
    while (j < pieceCount && i32(pieceEnd, i32(byEnd, j)) === end) j++;
    for (let g = i; g < j; g++) {
      prefixDemand += f64(pieceHours, i32(byEnd, g));
      pieceDue[i32(byEnd, g)] = 0;
    }
    const future = f64(suffixFree, d + 1) - f64(suffixFree, Math.max(end, d + 1));
    let need = prefixDemand - future - assigned;
    // Earliest end first; pieces ending together share the hours a session at a time, the one
    // with most left first, so subjects due together alternate instead of going one by one.
    while (need > EPS) {
      let piece = -1;
      let pieceLeft = 0;
      for (let g = 0; g < j; g++) {
        const candidate = i32(byEnd, g);
        const left = f64(pieceHours, candidate) - f64(pieceDue, candidate);
        if (left <= EPS) continue;
        if (piece >= 0 && i32(pieceEnd, candidate) > i32(pieceEnd, piece)) break;
        if (piece < 0 || left > pieceLeft + EPS) {
          piece = candidate;
          pieceLeft = left;
        }
      }
      if (piece < 0) break;
      const portion = Math.min(need, pieceLeft, sessionHours);
      addTo(pieceDue, piece, portion);
      const k = i32(pieceSubject, piece);
      if (f64(mandatory, k) <= EPS) mandatoryEnd[k] = i32(pieceEnd, piece);
      addTo(mandatory, k, portion);
      need -= portion;
      assigned += portion;
    }
    i = j;
  }
}
