import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/config/languages';
import { switchLanguage } from '@/lib/i18n';

export interface LanguageSelectProps {
  className?: string;
  /** Called instead of the default store-and-reload; for tests. */
  onChange?: (code: string) => void;
}

/** Labelled language switch; each language is named in its own language. */
export function LanguageSelect({ className, onChange = switchLanguage }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = useId();
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {t('common.language')}
      </label>
      <select
        id={id}
        className="field__control"
        value={i18n.resolvedLanguage ?? i18n.language}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      >
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="field__hint">
        {t('common.languageHint')}
      </p>
    </div>
  );
}
