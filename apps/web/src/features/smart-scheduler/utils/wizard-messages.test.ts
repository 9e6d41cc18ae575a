import { WIZARD_MESSAGES } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import el from '../../../../public/assets/i18n/el.json';
import { wizardMessage } from './wizard-messages';

function greek() {
  const i18n = createTestI18n();
  i18n.addResourceBundle('el', 'translation', el);
  void i18n.changeLanguage('el');
  return i18n.t;
}

describe('wizardMessage', () => {
  const { errors } = el.smartScheduler.wizard;

  it('translates the contract texts, the wizard keys and the shared validation texts', () => {
    const t = greek();
    expect(wizardMessage(WIZARD_MESSAGES.keyTopicsMin, t)).toBe(errors.keyTopicsMin);
    expect(wizardMessage(WIZARD_MESSAGES.deadlineOutsidePeriod, t)).toBe(
      errors.deadlineOutsidePeriod,
    );
    expect(wizardMessage('smartScheduler.wizard.errors.startInPast', t)).toBe(errors.startInPast);
    expect(wizardMessage('Name is required.', t)).toBe(el.validation.nameRequired);
    expect(wizardMessage('Something else.', t)).toBe('Something else.');
    expect(wizardMessage(undefined, t)).toBe('');
  });

  it('quotes both clashing subject names in the translation', () => {
    const t = greek();
    const names = ['Math A', 'Physics', 'math_a'];
    const message = 'Each subject needs its own name ("Math A" and "math_a" count as the same).';
    expect(wizardMessage(message, t, names)).toBe(
      'Κάθε μάθημα χρειάζεται δικό του όνομα (τα «Math A» και «math_a» μετράνε ως το ίδιο).',
    );
    expect(
      wizardMessage('Each subject needs its own name ("Biology" appears twice).', t, [
        'Biology',
        ' Biology',
      ]),
    ).toBe('Κάθε μάθημα χρειάζεται δικό του όνομα (το «Biology» εμφανίζεται δύο φορές).');
  });
});
