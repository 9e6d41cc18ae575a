import type { ClassChangeData, PushMessage } from '@studybuddy/contracts';
import { classChangeWords } from './class-change-words.js';

/** Names in a push are held short: a push service keeps at most 4 KB of a message. */
const NAME_MAX = 120;
const clip = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text);

/**
 * A class's change set as a push: "Your class changed", and the class with its first change
 * (and how many more) as the body; a click opens the class, which offers to take it. `at`
 * stands in the message's `startsAt`, so each change set is a notification of its own.
 */
export function classChangePush(
  data: ClassChangeData,
  language: string,
  classUrl: string,
  at: string,
): PushMessage {
  const t = classChangeWords(language);
  const [first, ...rest] = data.changes;
  const what = first ? clip(t.change(first)) : '';
  return {
    title: t.title,
    body: `${clip(data.className)}: ${what}${rest.length > 0 ? t.more(rest.length) : ''}`,
    url: classUrl,
    startsAt: at,
  };
}
