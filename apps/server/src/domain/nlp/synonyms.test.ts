import { describe, expect, it } from 'vitest';
import { createSynonymCheck } from './synonyms.js';

const passages = (...texts: string[]) => texts.map((text) => ({ text }));

describe('createSynonymCheck', () => {
  it('knows an acronym and its words, either way round, in any language', () => {
    const same = createSynonymCheck([], 'en');
    expect(same('PCB', 'process control block')).toBe(true);
    expect(same('process control block', 'PCB')).toBe(true);
    expect(same('PCBs', 'process control blocks')).toBe(true);
    expect(same('PCB', 'page table entry')).toBe(false);
    expect(createSynonymCheck([], 'el')('ΑΕΠ', 'Ακαθάριστο Εγχώριο Προϊόν')).toBe(true);
    expect(createSynonymCheck([], 'es')('ONU', 'Organización de las Naciones Unidas')).toBe(true);
  });

  it('knows the names a passage gives as one, in brackets or after a cue word', () => {
    const same = createSynonymCheck(
      passages(
        'ATP (adenosine triphosphate) carries energy within cells.',
        'The citric acid cycle, also called the Krebs cycle, takes place in the matrix.',
        'La fotólisis, es decir la ruptura del agua, libera oxígeno.',
      ),
      'en',
    );
    expect(same('adenosine triphosphate', 'ATP')).toBe(true);
    expect(same('Krebs cycle', 'citric acid cycle')).toBe(true);
    expect(
      createSynonymCheck(
        passages('La fotólisis, es decir la ruptura del agua, libera oxígeno.'),
        'es',
      )('fotólisis', 'ruptura del agua'),
    ).toBe(true);
  });

  it('does not take a list, a bracket of other words or a sentence for another name', () => {
    const same = createSynonymCheck(
      passages(
        'Glycolysis, the Krebs cycle and oxidative phosphorylation release energy.',
        'F = ma (resultant force, constant mass) holds for a body of fixed mass.',
        'A process that has finished is called a zombie.',
        'Mitosis (in body cells) gives two cells.',
      ),
      'en',
    );
    expect(same('glycolysis', 'the Krebs cycle')).toBe(false);
    expect(same('resultant force', 'constant mass')).toBe(false);
    expect(same('process', 'zombie')).toBe(false);
    expect(same('mitosis', 'in body')).toBe(false);
  });
});
