import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/config/languages';
import { switchLanguage } from '@/lib/i18n';
import './language-select.css';

export interface LanguageSelectProps {
  className?: string;
  /** In the navbar's bar the label is for screen readers only; in the menu it is shown. */
  showLabel?: boolean;
}

/**
 * The language switch, each language named in its own language. The choice applies at once and
 * is remembered in this browser (the profile keeps no language on the server).
 */
export function LanguageSelect({ className, showLabel = false }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={['language-select', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={showLabel ? 'language-select__label' : 'visually-hidden'}>
        {t('common.language')}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void switchLanguage(event.target.value, i18n)}
      >
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
