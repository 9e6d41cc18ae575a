import { describe, expect, it } from 'vitest';
import { fastest } from '../../testing/timing.js';
import { materialFor, topicMaterial, topicsWithMaterial } from './topic-material.js';

const notes = [
  '# Alkanes',
  'Alkanes are saturated hydrocarbons.',
  '',
  '# Substitution',
  'In SN2 the nucleophile attacks from the back side.',
  '',
  '# Alkanes again',
  'Methane is the simplest alkane.',
].join('\n');

// Terse notes as students write them: a heading per topic, four bullet lines under each.
const organic = [
  '# Organic chemistry notes',
  '',
  '## Alkanes and alkenes',
  '- Alkanes: saturated, single C-C bonds only',
  '- Alkenes: C=C double bond, addition reactions',
  '- Bromine water decolourised by alkenes',
  '- Cracking turns long alkanes into shorter alkenes',
  '',
  '## Aromatic compounds',
  '- Benzene: delocalised pi electrons, planar ring',
  '- Electrophilic substitution keeps the ring intact',
  '- Nitration needs concentrated HNO3 and H2SO4',
  '- Friedel-Crafts alkylation uses an AlCl3 catalyst',
  '',
  '## Nucleophilic substitution',
  '- SN1: two steps through a planar carbocation',
  '- SN1 gives a racemic mixture',
  '- SN2: one step, backside attack',
  '- SN2 gives inversion of configuration',
  '',
  '## Stereochemistry',
  '- Chiral centre: four different groups on one carbon',
  '- Enantiomers rotate plane-polarised light oppositely',
  '- R/S assigned by CIP priorities',
  '- Meso compounds are achiral despite chiral centres',
].join('\n');
const TOPICS = [
  'Alkanes and alkenes',
  'Aromatic compounds',
  'Nucleophilic substitution',
  'Stereochemistry',
];

describe('topicMaterial', () => {
  it('gives a topic only its own sections, however short the file', () => {
    const m = topicMaterial('Alkanes', notes, 10_000);
    expect(m).toContain('saturated hydrocarbons');
    expect(m).toContain('Methane');
    expect(m).not.toContain('SN2');
  });

  it('reads the sections whose heading names the topic', () => {
    const m = topicMaterial('Alkanes', notes, 100);
    expect(m).toContain('saturated hydrocarbons');
    expect(m).toContain('Methane');
    expect(m).not.toContain('SN2');
  });

  it('claims the section under a matching heading down to the next heading of its level', () => {
    const text = [
      '## Alkanes and alkenes',
      'Alkanes burn in oxygen.',
      '### Reactions',
      'Cracking breaks long chains.',
      '## Aromatic compounds',
      'Benzene has a planar ring.',
    ].join('\n');
    const m = topicMaterial('Alkanes and alkenes', text, 10_000, ['Aromatic compounds']);
    expect(m).toContain('Cracking breaks long chains.');
    expect(m).toContain('### Reactions');
    expect(m).not.toContain('Benzene');
  });

  it('gives each of four topics of terse notes its own section and no other', () => {
    for (const [k, topic] of TOPICS.entries()) {
      const m = topicMaterial(
        topic,
        organic,
        100_000,
        TOPICS.filter((t) => t !== topic),
      );
      const own = organic.split('## ')[k + 1]?.split('\n').slice(1).filter(Boolean) ?? [];
      for (const line of own) expect(m).toContain(line);
      expect(m.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(4);
    }
    const alkanes = topicMaterial('Alkanes and alkenes', organic, 100_000, TOPICS.slice(1));
    expect(alkanes).not.toContain('SN1');
    expect(alkanes).not.toContain('Benzene');
  });

  it('assigns material without matching headings by the words it shares with each topic', () => {
    const prose = [
      'Photosynthesis makes glucose from light in the chloroplast.',
      '',
      'Respiration releases energy from glucose in the mitochondria.',
      '',
      'The light reactions of photosynthesis split water.',
    ].join('\n');
    const topics = ['Photosynthesis', 'Cellular respiration'];
    const photo = topicMaterial(topics[0] as string, prose, 10_000, topics.slice(1));
    const resp = topicMaterial(topics[1] as string, prose, 10_000, topics.slice(0, 1));
    expect(photo).toContain('chloroplast');
    expect(photo).toContain('split water');
    expect(photo).not.toContain('mitochondria');
    expect(resp).toContain('mitochondria');
    expect(resp).not.toContain('chloroplast');
  });

  it('assigns German material by its German words, and Greek sections by their headings', () => {
    const german = [
      'Die Fotosynthese bildet Glukose aus Licht im Chloroplasten.',
      '',
      'Die Zellatmung setzt in den Mitochondrien Energie frei.',
    ].join('\n');
    const foto = topicMaterial('Fotosynthese', german, 10_000, ['Zellatmung']);
    expect(foto).toContain('Chloroplasten');
    expect(foto).not.toContain('Mitochondrien');
    const greek = [
      '## Αλκάνια και αλκένια',
      '- Τα αλκάνια έχουν μόνο απλούς δεσμούς',
      '## Αρωματικές ενώσεις',
      '- Το βενζόλιο έχει επίπεδο δακτύλιο',
    ].join('\n');
    const aromatic = topicMaterial('Αρωματικές ενώσεις', greek, 10_000, ['Αλκάνια και αλκένια']);
    expect(aromatic).toContain('βενζόλιο');
    expect(aromatic).not.toContain('απλούς δεσμούς');
  });

  it('shares a passage with a second topic only when it names that topic’s key terms', () => {
    const text = [
      '## Alkanes and alkenes',
      '- Alkenes are more reactive than aromatic compounds towards bromine',
      '- Alkanes are compounds with single bonds only',
      '## Aromatic compounds',
      '- Benzene resists addition',
    ].join('\n');
    const aromatic = topicMaterial('Aromatic compounds', text, 10_000, ['Alkanes and alkenes']);
    // Names "aromatic compounds": the material links the two topics.
    expect(aromatic).toContain('more reactive than aromatic compounds');
    // Shares only the word "compounds": not linked.
    expect(aromatic).not.toContain('single bonds');
    expect(aromatic).toContain('Benzene resists addition');
  });

  it('falls back to paragraphs that use the topic words, then to the start', () => {
    const prose = `${'Filler text about nothing. '.repeat(20)}\n\nThe nucleophile attacks.\n\n${'More filler. '.repeat(20)}`;
    expect(topicMaterial('Nucleophile', prose, 100)).toBe('The nucleophile attacks.');
    expect(topicMaterial('Thermodynamics', prose, 30)).toHaveLength(30);
  });

  it('gives a topic of several none of the other topics’ material', () => {
    const [alkanes] = materialFor('Alkanes', [{ name: 'n.md', text: notes }], 10_000, [
      'Substitution',
    ]);
    expect(alkanes?.text).not.toContain('SN2');
    const [thermo] = materialFor('Thermodynamics', [{ name: 'n.md', text: notes }], 10_000, [
      'Alkanes',
      'Substitution',
    ]);
    expect(thermo?.text).toBe('');
  });

  it('never returns more than asked, however large the file', () => {
    const big = `# Momentum\n${'Momentum is mass times velocity. '.repeat(100_000)}`;
    const ms = fastest(() =>
      expect(topicMaterial('Momentum', big, 100_000).length).toBeLessThanOrEqual(100_000),
    );
    expect(ms).toBeLessThan(1000);
  });
});

describe('topicsWithMaterial', () => {
  it('makes the key topics the topics, the file their material and never a topic', () => {
    const { topics, material } = topicsWithMaterial(
      TOPICS.join('\n'),
      [{ name: 'Organic chemistry notes.md', text: organic }],
      100_000,
    );
    expect(topics.map((t) => t.name)).toEqual(TOPICS);
    const [alkanes, aromatic, substitution] = material.map((m) => m[0]?.text ?? '');
    expect(alkanes).toContain('Cracking');
    expect(alkanes).not.toMatch(/SN1|Benzene|Chiral/);
    expect(aromatic).toContain('Benzene');
    expect(aromatic).not.toMatch(/SN1|Cracking|Chiral/);
    expect(substitution).toContain('SN1 gives a racemic mixture');
    expect(substitution).toContain('SN2 gives inversion of configuration');
    expect(substitution).not.toMatch(/Benzene|Cracking|Chiral/);
  });

  it('never makes a topic of the file’s title heading above the key topics', () => {
    const text = organic.replace('# Organic chemistry notes', '# Lecture notes week 1-6');
    const { topics } = topicsWithMaterial(
      TOPICS.join('\n'),
      [{ name: 'lecture notes week 1-6.md', text }],
      100_000,
    );
    expect(topics.map((t) => t.name)).toEqual(TOPICS);
  });
});

describe('a file named for a topic', () => {
  const pdf = {
    name: 'manchurian-incident.pdf',
    text: [
      '## Background',
      '',
      'By 1931 Japan had large investments in southern Manchuria.',
      '',
      '## Manchukuo and the League',
      '',
      'The League of Nations sent the Lytton Commission to Manchukuo.',
    ].join('\n'),
  };
  const taisho = {
    name: 'taisho.md',
    text: 'Party cabinets and the League of Nations in the 1920s.',
  };

  it('is that topic’s material wherever no heading names another, by its file name', () => {
    const topics = 'The Manchurian Incident\nThe road to the Pacific War\nTaisho democracy';
    const { topics: found, material } = topicsWithMaterial(topics, [pdf, taisho], 10_000);
    const k = found.findIndex((t) => t.name === 'The Manchurian Incident');
    expect(found[k]?.sources).toContain('manchurian-incident.pdf');
    const text = material[k]?.map((m) => m.text).join('\n') ?? '';
    expect(text).toContain('Lytton Commission');
    expect(text).toContain('By 1931 Japan');
    // The road to the Pacific War shares words with the file but is not what it is named for.
    const road = found.findIndex((t) => t.name === 'The road to the Pacific War');
    expect(material[road]?.map((m) => m.text).join('\n') ?? '').not.toContain('Lytton');
  });

  it('is found by a level-1 title as well; a heading that names another topic still claims its section', () => {
    const titled = {
      name: 'notes-week-3.md',
      text: '# Kinematics\n\n## Speed\n\nSpeed is a scalar.\n\n## Graphs\n\nThe gradient gives the velocity.',
    };
    const lesson = materialFor('Kinematics', [titled], 10_000, ['Dynamics']);
    expect(lesson[0]?.text).toContain('Speed is a scalar.');
    expect(lesson[0]?.text).toContain('The gradient gives the velocity.');
    const speed = materialFor('Speed', [titled], 10_000, ['Kinematics']);
    expect(speed[0]?.text).toContain('Speed is a scalar.');
    const kinematics = materialFor('Kinematics', [titled], 10_000, ['Speed']);
    expect(kinematics[0]?.text).not.toContain('Speed is a scalar.');
    expect(kinematics[0]?.text).toContain('The gradient gives the velocity.');
  });
});

describe('a file cut by headings that name topics', () => {
  it('gives a section under a heading that names none to no topic by the words it shares', () => {
    const docx = {
      name: 'public-policy.docx',
      text: [
        '# Introduction',
        '',
        'These notes cover how problems reach the agenda and which tools governments use.',
        '',
        '# Agenda setting',
        '',
        'Agenda setting is the process by which some problems come to the attention of government.',
        '',
        '# Policy instruments',
        '',
        'Governments choose among several kinds of policy instruments.',
      ].join('\n'),
    };
    const topics = 'Agenda setting\nPolicy instruments';
    const { material } = topicsWithMaterial(topics, [docx], 10_000);
    const agenda = material[0]?.map((m) => m.text).join('\n') ?? '';
    expect(agenda).toContain('Agenda setting is the process');
    expect(agenda).not.toContain('These notes cover');
    expect(material[1]?.map((m) => m.text).join('\n')).not.toContain('These notes cover');
  });
});
