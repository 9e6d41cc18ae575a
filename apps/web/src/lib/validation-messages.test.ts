import {
  registerInputSchema,
  updateProfileInputSchema,
  VALIDATION_MESSAGES,
} from '@studybuddy/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import el from '../../public/assets/i18n/el.json';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';
import fr from '../../public/assets/i18n/fr.json';
import { translateValidationMessage } from './validation-messages';

function translator(lng: string) {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: {
      en: { translation: en },
      el: { translation: el },
      es: { translation: es },
      fr: { translation: fr },
      de: { translation: de },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t;
}

describe('translateValidationMessage', () => {
  it('translates every message of the contracts catalogue by its key, in every language', () => {
    for (const lng of ['en', 'el', 'es', 'fr', 'de']) {
      const t = translator(lng);
      for (const entry of Object.values(VALIDATION_MESSAGES)) {
        const text = translateValidationMessage(entry.en, t);
        expect(text, `${lng}: ${entry.key}`).toBe(t(entry.key));
        expect(text, `${lng}: ${entry.key}`).not.toBe(entry.key);
      }
    }
  });

  it('translates what a contract schema answers, as a form and the server see it', () => {
    const t = translator('el');
    const parsed = registerInputSchema.safeParse({
      username: '',
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@example.com',
      password: 'long enough',
    });
    const message = parsed.error?.issues[0]?.message;
    expect(message).toBe('Username is required.');
    expect(translateValidationMessage(message, t)).toBe(el.validation.usernameRequired);
    const profile = updateProfileInputSchema.safeParse({
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@example.com',
      password: 'old password',
      newPassword: 'new password',
      confirmNewPassword: 'other password',
    });
    expect(translateValidationMessage(profile.error?.issues[0]?.message, t)).toBe(
      el.validation.passwordsMismatch,
    );
  });

  it('translates a validation key as it is and passes other texts through', () => {
    const t = translator('fr');
    expect(translateValidationMessage('validation.examDateRequired', t)).toBe(
      fr.validation.examDateRequired,
    );
    expect(translateValidationMessage('Something else.', t)).toBe('Something else.');
    expect(translateValidationMessage(undefined, t)).toBe('');
  });
});
