import { describe, expect, it } from 'vitest';
import { contentWords } from './words.js';

describe('content words', () => {
  it('keeps content words and drops stop words', () => {
    expect(contentWords('The derivative of a function is its rate of change', 'en')).toEqual([
      'derivative',
      'function',
      'rate',
      'change',
    ]);
  });

  it('drops the stop words of the text’s own language, elided French articles too', () => {
    expect(contentWords("La dérivée d'une fonction mesure sa variation", 'fr')).toEqual([
      'dérivée',
      'fonction',
      'mesure',
      'variation',
    ]);
    expect(contentWords('Η παράγωγος μιας συνάρτησης μετράει τη μεταβολή της', 'el')).toEqual([
      'παράγωγος',
      'συνάρτησης',
      'μετράει',
      'μεταβολή',
    ]);
  });
});
