import type { Notice } from '@studybuddy/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import el from '../../public/assets/i18n/el.json';
import en from '../../public/assets/i18n/en.json';
import { noticeText } from './notice-text';

function translator(lng: string) {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: de }, el: { translation: el } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (notice: Notice) => noticeText(notice, instance.t, lng);
}

const short: Notice = {
  code: 'plan_short_before_deadline',
  params: { subject: 'Chemistry', needHours: 9.5, gotHours: 4, deadlineDate: '2026-03-20' },
  message: 'Chemistry needs about 9.5 h before 20 Mar, only 4 h are available.',
};

describe('noticeText', () => {
  it('writes a notice in the student language, with its dates and numbers', () => {
    expect(translator('en')(short)).toBe(
      'Chemistry needs about 9.5 h before Mar 20, only 4 h are available.',
    );
    expect(translator('de')(short)).toBe(
      'Chemistry braucht etwa 9,5 Std. vor dem 20. März, verfügbar sind nur 4 Std.',
    );
  });

  it('names weekdays in the student language', () => {
    const long: Notice = {
      code: 'plan_days_too_long',
      params: { weekdays: [0, 4], limitHours: 6 },
      message: '',
    };
    expect(translator('de')(long)).toContain('(Montag und Freitag)');
    expect(translator('en')(long)).toContain('(Monday and Friday)');
  });

  it('chooses the plural form by count', () => {
    const finalReview = (count: number): Notice => ({
      code: 'plan_no_final_review',
      params: { subject: 'Physics', examDate: '2026-03-27', count },
      message: '',
    });
    expect(translator('en')(finalReview(6))).toContain('in the 6 days before the exam (Mar 27)');
    expect(translator('en')(finalReview(1))).toContain('on the day before the exam');
    expect(translator('el')(finalReview(6))).toContain('τις 6 ημέρες πριν από την εξέταση');
  });

  it('shows the English text of a code it has no translation for', () => {
    const unknown = { code: 'from_a_newer_server', params: {}, message: 'Something new.' };
    expect(translator('de')(unknown as unknown as Notice)).toBe('Something new.');
    const legacy: Notice = {
      code: 'legacy_text',
      params: { text: 'Old note.' },
      message: 'Old note.',
    };
    expect(translator('el')(legacy)).toBe('Old note.');
  });
});
