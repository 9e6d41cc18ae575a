import type { Notice, NoticeParam } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { formatDayMonth, formatWeekday } from './format-date';

/** Weekday `d` (0 = Monday) named from the week of Monday 1 January 2024, a local date. */
function weekdayNames(list: readonly number[], language: string): string {
  const names = list.map((d) => formatWeekday(new Date(2024, 0, 1 + d), language));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
}

/**
 * A notice's param written the student's way, by the naming rules of the contract: `*Date`
 * a short date, `weekdays` a list of weekday names, numbers in the language's digits
 * (`*Hours` to one decimal). `count` stays a number, for i18next to choose the plural.
 */
function formatParam(key: string, value: NoticeParam, language: string): string | number {
  if (key === 'count' && typeof value === 'number') return value;
  if (Array.isArray(value))
    return key === 'weekdays' ? weekdayNames(value, language) : value.join(', ');
  if (typeof value === 'number')
    return new Intl.NumberFormat(language, {
      maximumFractionDigits: key.endsWith('Hours') ? 1 : 2,
    }).format(value);
  if (key.endsWith('Date') && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return formatDayMonth(value, language);
  return value;
}

/** A server notice in the student's language (`notices.<code>`), else its English text. */
export function noticeText(notice: Notice, t: TFunction, language: string): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(notice.params ?? {}))
    params[key] = formatParam(key, value, language);
  return t(`notices.${notice.code}`, { ...params, defaultValue: notice.message });
}
