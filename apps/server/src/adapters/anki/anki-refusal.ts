import type { AnkiRefusalCode } from './anki-read.js';

/** A package refused as a whole, with the code of the notice that tells the student why. */
export class AnkiRefusal extends Error {
  constructor(readonly code: AnkiRefusalCode) {
    super(code);
    this.name = 'AnkiRefusal';
  }
}
