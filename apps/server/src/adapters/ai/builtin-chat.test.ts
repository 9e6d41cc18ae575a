import { describe, expect, it } from 'vitest';
import type { ChatRequest } from './ai-engine.js';
import { builtinChatReply, CRISIS_REPLY, findCard } from './builtin-chat.js';
import knowledge from './knowledge-base.json' with { type: 'json' };

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
  it('retrieves every knowledge-base card with its own example questions', () => {
    for (const card of knowledge.cards)
      for (const q of card.examples) expect(findCard(q)?.id, `${card.id}: ${q}`).toBe(card.id);
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

  it('says what it can do when it cannot answer', () => {
    expect(ask('Write me a poem about the sea')).toMatch(/not able to answer/);
    expect(ask('what can you do?')).toMatch(/built-in study assistant/);
  });
});
