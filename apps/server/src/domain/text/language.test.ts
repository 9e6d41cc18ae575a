import { describe, expect, it } from 'vitest';
import { asLanguage, detectLanguage, isStopWord, stem, stopWords } from './language.js';

describe('language', () => {
  it('tells the five languages apart, from a paragraph or a short line', () => {
    const texts = {
      en: 'The cell is the basic unit of life. Photosynthesis converts light energy into chemical energy.',
      el: 'Το κύτταρο είναι η βασική μονάδα της ζωής. Η φωτοσύνθεση μετατρέπει τη φωτεινή ενέργεια σε χημική.',
      es: 'La célula es la unidad básica de la vida. La fotosíntesis convierte la energía de la luz en energía química.',
      fr: "La cellule est l'unité de base du vivant. La photosynthèse transforme l'énergie lumineuse en énergie chimique.",
      de: 'Die Zelle ist die Grundeinheit des Lebens. Die Photosynthese wandelt Lichtenergie in chemische Energie um.',
    };
    for (const [language, text] of Object.entries(texts))
      expect(detectLanguage(text), language).toBe(language);
    expect(detectLanguage('¿Qué debo estudiar hoy?')).toBe('es');
    expect(detectLanguage('Les dérivées mesurent le changement')).toBe('fr');
    expect(detectLanguage('Was soll ich heute lernen?')).toBe('de');
  });

  it('falls back when a text gives no sign of its language', () => {
    expect(detectLanguage('Mitochondria', 'de')).toBe('de');
    expect(detectLanguage('1234')).toBe('en');
  });

  it('stems each language with its own stemmer', () => {
    expect(stem('en', 'Derivatives')).toBe(stem('en', 'derivative'));
    expect(stem('es', 'células')).toBe(stem('es', 'célula'));
    expect(stem('fr', 'cellules')).toBe(stem('fr', 'cellule'));
    expect(stem('de', 'Zellen')).toBe(stem('de', 'Zelle'));
    expect(stem('el', 'κυττάρων')).toBe(stem('el', 'κύτταρα'));
    // A run of letters no stemmer knows is left whole, however long.
    expect(stem('en', 'a'.repeat(100_000))).toHaveLength(100_000);
  });

  it('keeps one stop-word list per language, Greek with or without accents', () => {
    expect(isStopWord('fr', 'dans')).toBe(true);
    expect(isStopWord('en', 'dans')).toBe(false);
    expect(isStopWord('de', 'und')).toBe(true);
    expect(isStopWord('el', 'είναι')).toBe(true);
    expect(isStopWord('el', 'ειναι')).toBe(true);
    // Subject matter is never a stop word, whatever the list says.
    expect(isStopWord('en', 'computer')).toBe(false);
    expect(isStopWord('fr', 'force')).toBe(false);
    // Ordinals tell "the third law" from "the second law".
    for (const [lang, words] of [
      ['en', 'first second third fifth'],
      ['es', 'primera segundo tercera'],
      ['fr', 'premier deuxième troisième'],
      ['de', 'erste zweite dritten'],
      ['el', 'πρώτος δεύτερος τρίτος'],
    ] as const)
      for (const w of words.split(' ')) expect(isStopWord(lang, w)).toBe(false);
    expect(stopWords('es').size).toBeGreaterThan(500);
  });

  it('reads a language code the app speaks', () => {
    expect(asLanguage('es-MX')).toBe('es');
    expect(asLanguage('EL')).toBe('el');
    expect(asLanguage('it')).toBeUndefined();
  });
});
