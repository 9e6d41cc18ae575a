import { describe, expect, it } from 'vitest';
import { classChangePush } from './class-change-push.js';

const DATA = {
  classId: 7,
  className: 'Physics 2B',
  changes: [
    { kind: 'exam-moved' as const, exam: 'Midterm', from: '2027-03-10', to: '2027-03-17' },
    { kind: 'topic-added' as const, topic: 'Rotation' },
  ],
};
const URL = 'https://study.example.org/classes/7';
const AT = '2027-02-01T10:00:00.000Z';

describe('a class change as a push', () => {
  it('names the class, its first change and how many more, and opens the class', () => {
    expect(classChangePush(DATA, 'en', URL, AT)).toEqual({
      title: 'Your class changed',
      body: 'Physics 2B: Midterm moved from 2027-03-10 to 2027-03-17 (+1 more)',
      url: URL,
      startsAt: AT,
    });
  });

  it('speaks the student’s language, English for one it does not know', () => {
    expect(classChangePush(DATA, 'de', URL, AT).title).toBe('Deine Klasse hat sich geändert');
    expect(classChangePush(DATA, 'el', URL, AT).body).toContain('(+1 ακόμη)');
    expect(classChangePush(DATA, 'xx', URL, AT).title).toBe('Your class changed');
  });

  it('holds long names short, as a push service keeps at most 4 KB', () => {
    const long = {
      ...DATA,
      className: 'Π'.repeat(1000),
      changes: [{ kind: 'file-added' as const, file: 'x'.repeat(1000) }],
    };
    const body = classChangePush(long, 'en', URL, AT).body;
    expect(body.length).toBeLessThan(300);
    expect(body).not.toContain('more');
  });
});
