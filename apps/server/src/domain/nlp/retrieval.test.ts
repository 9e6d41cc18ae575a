import { describe, expect, it } from 'vitest';
import { answerFromMaterial } from './qa.js';
import { createSentenceIndex } from './retrieval.js';

const notes = (texts: string[]) => texts.map((text) => ({ text, source: 'σημειώσεις.md' }));

describe('sentence retrieval', () => {
  const greek = notes([
    'Η φωτοσύνθεση γίνεται στους χλωροπλάστες των φυτικών κυττάρων.',
    'Η μίτωση παράγει δύο πανομοιότυπους πυρήνες.',
    'Ο Αριστοτέλης έγραψε για τη ζωολογία.',
  ]);

  it('finds a Greek passage through another form of its word, stemmed in Greek', () => {
    const index = createSentenceIndex(greek);
    expect(index.language).toBe('el');
    // "κύτταρα" (cells) is written "κυττάρων" (of the cells) in the passage.
    const [hit] = index.search('Τι κάνουν τα κύτταρα;');
    expect(hit?.sentence.text).toContain('χλωροπλάστες');
    expect(hit?.matched).toEqual(['κυτταρ']);
  });

  it('answers a Greek question from Greek notes, its question words left out', () => {
    const answer = answerFromMaterial('Τι σημαίνει μίτωση;', greek);
    expect(answer.covered).toBe(true);
    expect(answer.sentences[0]?.text).toContain('πυρήνες');
  });

  it('reads an English possessive as the word it is on', () => {
    const index = createSentenceIndex(
      notes(['Resistance is measured in ohms.', 'The weather was fine.']),
    );
    const [hit] = index.search("What does Ohm's law say?");
    expect(hit?.sentence.text).toContain('ohms');
    expect(hit?.matched).toEqual(['ohm']);
  });

  it('reads English notes with the English stemmer and stop words', () => {
    const index = createSentenceIndex(
      notes(['Ribosomes translate messenger RNA into proteins.', 'The weather was fine.']),
    );
    expect(index.language).toBe('en');
    expect(index.search('How is a protein translated?')[0]?.sentence.text).toContain('Ribosomes');
  });
});
