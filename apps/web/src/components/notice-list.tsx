import type { Notice } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { noticeText } from '@/lib/notice-text';

export interface NoticeListProps {
  notices: readonly Notice[];
  className?: string;
}

/** The server's notices (warnings) as a list, each in the student's language. */
export function NoticeList({ notices, className }: NoticeListProps) {
  const { t, i18n } = useTranslation();
  // The same notice can come twice (two empty files of one name): keys count repeats.
  const seen = new Map<string, number>();
  const items = notices.map((notice) => {
    const base = `${notice.code} ${notice.message}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: `${base} ${n}`, text: noticeText(notice, t, i18n.language) };
  });
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.key}>{item.text}</li>
      ))}
    </ul>
  );
}
