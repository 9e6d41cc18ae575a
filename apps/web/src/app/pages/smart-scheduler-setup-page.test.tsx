import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import el from '../../../public/assets/i18n/el.json';
import SmartSchedulerSetupPage from './smart-scheduler-setup-page';

describe('the smart scheduler setup page', () => {
  it('names the browser tab in the student’s language', async () => {
    const { i18n } = renderWithProviders(<SmartSchedulerSetupPage />);
    await screen.findByRole('heading', { level: 1, name: 'Smart study plan setup' });
    expect(document.title).toBe('Smart study plan setup · StudyBuddy');
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    expect(document.title).toBe(`${el.smartScheduler.wizard.title} · StudyBuddy`);
    expect(el.smartScheduler.wizard.title).not.toBe('Smart study plan setup');
  });
});
