import type { Notice } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { NoticeList } from './notice-list';
import './ai-warnings.css';

export interface AiWarningsProps {
  warnings: readonly Notice[] | undefined;
}

/**
 * The notes an AI answer comes with (e.g. the provider timed out and the built-in helper
 * answered). Shown visibly, never hidden in a tooltip, so the student knows what answered.
 */
export function AiWarnings({ warnings }: AiWarningsProps) {
  const { t } = useTranslation();
  if (!warnings || warnings.length === 0) return null;
  return (
    <div className="ai-warnings">
      <p className="ai-warnings__title">{t('common.aiNote')}</p>
      <NoticeList className="ai-warnings__list" notices={warnings} />
    </div>
  );
}
