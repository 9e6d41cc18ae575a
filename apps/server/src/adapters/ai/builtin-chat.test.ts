import { describe, expect, it } from 'vitest';
import type { ChatRequest, Language } from './ai-engine.js';
import {
  builtinChatReply,
  crisisReply,
  findCard,
  type KbCard,
  KNOWLEDGE_BASE,
} from './builtin-chat.js';
import { BUILTIN_TEXTS } from './builtin-texts/index.js';

const CRISIS_REPLY = crisisReply('en');

const base: ChatRequest = {
  message: '',
  history: [],
  language: 'en',
  context: {
    now: new Date('2026-03-02T09:00:00Z'),
    timeZone: 'Europe/Athens',
    subjects: [],
    sessions: [],
  },
};
const ask = (message: string, over: Partial<ChatRequest> = {}) =>
  builtinChatReply({ ...base, ...over, message });

describe('the builtin chat', () => {
  it('retrieves every knowledge-base card with its own example questions, in every language', () => {
    for (const [language, cards] of Object.entries(KNOWLEDGE_BASE) as [Language, KbCard[]][])
      for (const card of cards)
        for (const q of card.examples)
          expect(findCard(q, language)?.id, `${language} ${card.id}: ${q}`).toBe(card.id);
  });

  it('has the same cards in every language, each fully written', () => {
    const ids = KNOWLEDGE_BASE.en.map((c) => c.id);
    for (const [language, cards] of Object.entries(KNOWLEDGE_BASE)) {
      expect(
        cards.map((c) => c.id),
        language,
      ).toEqual(ids);
      for (const [i, card] of cards.entries()) {
        const english = KNOWLEDGE_BASE.en[i] as KbCard;
        expect(card.title && card.body && card.tags.length && card.examples.length).toBeTruthy();
        // A guide that sends the student to get help does so in every language.
        expect(Boolean(card.seekHelp), `${language} ${card.id}`).toBe(Boolean(english.seekHelp));
      }
    }
  });

  it('screens for crisis language first, but not exam idioms', () => {
    for (const m of [
      'I want to kill myself',
      'I have been thinking about suicide',
      'I want to hurt myself',
    ])
      expect(ask(m)).toBe(CRISIS_REPLY);
    expect(ask('this exam is killing me, I am so stressed')).not.toBe(CRISIS_REPLY);
    expect(ask('this exam is killing me, I am so stressed')).toMatch(/How are you holding up/);
  });

  it('says when there is no plan to answer schedule questions from', () => {
    expect(ask('What should I study today?')).toMatch(/no active study plan/);
  });

  it('reads sessions in the plan’s time zone', () => {
    const reply = ask('what is on tomorrow?', {
      context: {
        ...base.context,
        subjects: [
          {
            name: 'Physics',
            planName: 'Finals',
            deadline: '2026-04-01',
            topicsTotal: 3,
            topicsCompleted: 0,
          },
        ],
        sessions: [
          {
            title: 'Waves',
            subjectName: 'Physics',
            topicName: 'Waves',
            startAt: '2026-03-02T22:30:00Z',
            endAt: '2026-03-02T23:30:00Z',
          },
        ],
      },
    });
    // 22:30 UTC is 00:30 the next day in Athens.
    expect(reply).toContain('Tomorrow (Tuesday 3 March)');
    expect(reply).toContain('00:30–01:30 **Physics**: Waves');
  });

  it('answers when the next session is, of a subject or a topic it names, in every language', () => {
    const context = {
      ...base.context,
      subjects: ['Physics', 'History'].map((name) => ({
        name,
        planName: 'Finals',
        deadline: '2026-04-01',
        topicsTotal: 3,
        topicsCompleted: 0,
      })),
      sessions: [
        ['History', 'Meiji era', '2026-03-03T07:00:00Z'],
        ['Physics', 'Thermodynamics', '2026-03-05T15:00:00Z'],
        // Past: never the next one.
        ['Physics', 'Waves', '2026-03-01T15:00:00Z'],
      ].map(([subjectName, topicName, startAt]) => ({
        title: topicName as string,
        subjectName: subjectName as string,
        topicName: topicName as string,
        startAt: startAt as string,
        endAt: new Date(Date.parse(startAt as string) + 3_600_000).toISOString(),
      })),
    };
    const thermo = 'Your next session is **Physics**: Thermodynamics on Thursday 5 March at 17:00.';
    expect(ask('When is my next Thermodynamics session?', { context })).toBe(thermo);
    expect(ask('when do I study physics next?', { context })).toBe(thermo);
    expect(ask('When is my next session?', { context })).toContain('**History**: Meiji era');
    expect(ask('When is my next Waves session?', { context })).toBe(
      BUILTIN_TEXTS.en.chat.noNextSessionFor('Waves'),
    );
    // An exam question is still a deadline question.
    expect(ask('When is my next exam?', { context })).toContain(
      BUILTIN_TEXTS.en.chat.deadlinesHeading,
    );
    for (const [language, question] of [
      ['el', 'Πότε είναι η επόμενη συνεδρία μου;'],
      ['es', '¿Cuándo es mi próxima sesión?'],
      ['fr', 'Quand est ma prochaine séance ?'],
      ['de', 'Wann ist meine nächste Einheit?'],
    ] as const)
      expect(ask(question, { language, context }), language).toContain('**History**');
    expect(ask('When is my next session?', { context: { ...context, sessions: [] } })).toBe(
      BUILTIN_TEXTS.en.chat.noNextSession,
    );
  });

  it('says what it can do when it cannot answer', () => {
    expect(ask('Write me a poem about the sea')).toMatch(/not able to answer/);
    expect(ask('what can you do?')).toMatch(/built-in study assistant/);
  });

  it('answers a Spanish question in Spanish, with its own Spanish texts', () => {
    const es = { language: 'es' as const };
    expect(ask('¿Qué debo estudiar hoy?', es)).toBe(BUILTIN_TEXTS.es.chat.noPlan);
    expect(ask('¿Cómo manejo el estrés de los exámenes?', es)).toMatch(
      /^\*\*Estrés durante el estudio\*\*\n\nSentir estrés antes de los exámenes/,
    );
    expect(ask('Hola', es)).toBe(BUILTIN_TEXTS.es.chat.greeting);
    expect(ask('Escríbeme un poema sobre el mar', es)).toBe(BUILTIN_TEXTS.es.chat.fallback);
    const reply = ask('¿Qué tengo mañana?', {
      ...es,
      context: {
        ...base.context,
        subjects: [
          {
            name: 'Física',
            planName: 'Finales',
            deadline: null,
            topicsTotal: 3,
            topicsCompleted: 0,
          },
        ],
        sessions: [
          {
            title: 'Ondas',
            subjectName: 'Física',
            topicName: 'Ondas',
            startAt: '2026-03-03T08:00:00Z',
            endAt: '2026-03-03T09:30:00Z',
          },
        ],
      },
    });
    expect(reply).toContain(
      'Mañana (martes, 3 de marzo) tienes 1 sesión de estudio, 1,5 h en total:',
    );
    expect(reply).toContain('10:00–11:30 **Física**: Ondas');
  });

  it('answers a question written in another language with the student’s own cards', () => {
    expect(ask('How do I deal with exam stress?', { language: 'de' })).toMatch(
      /^\*\*Stress beim Lernen\*\*/,
    );
  });

  it('screens for crisis language in every language and replies in the student’s', () => {
    expect(ask('quiero morir', { language: 'es' })).toBe(crisisReply('es'));
    expect(ask('Je veux mourir', { language: 'en' })).toBe(CRISIS_REPLY);
    expect(ask('Θέλω να πεθάνω', { language: 'el' })).toBe(crisisReply('el'));
    expect(ask('Ich will nicht mehr leben', { language: 'de' })).toBe(crisisReply('de'));
    expect(ask('Diese Prüfung bringt mich um', { language: 'de' })).not.toBe(crisisReply('de'));
  });

  it('gives the readiness card’s verdict for “am I on track”, with what is planned and short', () => {
    const withReadiness = (status: 'on-track' | 'at-risk' | 'behind', planned: number) => ({
      context: {
        ...base.context,
        subjects: [
          {
            name: 'Chemistry',
            planName: 'Finals',
            deadline: '2026-03-20',
            topicsTotal: 4,
            topicsCompleted: 0,
            hours: { done: 2, needed: 10, planned, status },
          },
        ],
      },
    });
    expect(ask('Am I on track for Chemistry?', withReadiness('on-track', 8))).toContain(
      '“Will you be ready?” on your dashboard says **On track**: the 8 h still planned',
    );
    expect(ask('Am I on track for Chemistry?', withReadiness('at-risk', 6))).toContain(
      'says **At risk**: with the 6 h still planned you would be 2 h short.',
    );
    const behind = ask('Am I on track for Chemistry?', withReadiness('behind', 3));
    expect(behind).toContain(
      'says **Behind**: even with the 3 h still planned you would be 5 h short.',
    );
    // The card's verdict replaces the count of topics ticked off.
    expect(behind).not.toContain('of the topics are done');
    for (const language of ['el', 'es', 'fr', 'de'] as const) {
      const reply = ask('Am I on track for Chemistry?', {
        ...withReadiness('behind', 3),
        language,
      });
      expect(reply, language).toContain(
        BUILTIN_TEXTS[language].chat.readinessVerdict('3 h', '5 h', 'behind').slice(0, 20),
      );
    }
  });

  it('lists the day’s busy time after its sessions, in the calendar’s words', () => {
    const context = {
      ...base.context,
      subjects: [
        { name: 'Physics', planName: 'Finals', deadline: null, topicsTotal: 2, topicsCompleted: 0 },
      ],
      busy: [
        { title: 'Lecture', date: '2026-03-02', startTime: '12:00', endTime: '14:00' },
        { title: 'Shift', date: '2026-03-03', startTime: '18:00', endTime: '22:00' },
      ],
    };
    const today = ask('What do I have today?', { context });
    expect(today).toContain('- Busy: Lecture, 12:00–14:00');
    expect(today).not.toContain('Shift');
    expect(ask('Was habe ich morgen?', { context, language: 'de' })).toContain(
      '- Belegt: Shift, 18:00–22:00',
    );
  });
});
