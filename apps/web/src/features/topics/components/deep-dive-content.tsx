import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeDeepDive } from '../utils/deep-dive-html';
import '@/components/model-link.css';
import './topics.css';

export interface DeepDiveContentProps {
  content: string | null | undefined;
}

/**
 * A topic's deep-dive content as HTML. This is the app's only innerHTML site: the content
 * always passes sanitizeDeepDive (DOMPurify, strict profile) first, and the CSP stops inline
 * script and style even if something slipped through.
 */
export function DeepDiveContent({ content }: DeepDiveContentProps) {
  const { t } = useTranslation();
  const opensInNewTab = t('common.opensInNewTab');
  const html = useMemo(
    () => sanitizeDeepDive(content, { opensInNewTab }),
    [content, opensInNewTab],
  );
  if (!html) return <p className="status-text">{t('topics.detail.noDetails')}</p>;
  return (
    <div
      className="deep-dive"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above (reviewed, tested in deep-dive-html.test.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
