import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import de from '../../../public/assets/i18n/de.json';
import el from '../../../public/assets/i18n/el.json';
import { Navbar } from './navbar';

/** Makes every media query match (a phone-sized window) or none (a wide one). */
function stubWindowWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('the navbar language switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches the interface language at once and remembers it', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<Navbar />, { route: '/about' });
    i18n.addResourceBundle('el', 'translation', el);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'About' })).toBeTruthy();

    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Ελληνικά', 'Español', 'Français', 'Deutsch']);
    await act(() => user.selectOptions(select, 'el'));

    const greekMain = await screen.findByRole('navigation', { name: el.nav.main });
    expect(within(greekMain).getByRole('link', { name: el.nav.about })).toBeTruthy();
    expect(within(greekMain).queryByRole('link', { name: 'About' })).toBeNull();
    expect(screen.getByRole('combobox', { name: el.common.language })).toHaveProperty(
      'value',
      'el',
    );
    expect(i18n.language).toBe('el');
    expect(window.localStorage.getItem('selectedLanguage')).toBe('el');
  });

  it('has one switch, in the menu, when the bar collapses to the hamburger', async () => {
    stubWindowWidth(true);
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<Navbar />, { route: '/about' });
    i18n.addResourceBundle('de', 'translation', de);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(screen.getAllByRole('combobox', { name: 'Language' })).toHaveLength(1);
    await act(() => user.selectOptions(within(menu).getByLabelText('Language'), 'de'));
    expect(await screen.findByRole('dialog', { name: de.nav.menu })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: de.nav.contact })).toBeTruthy();
    expect(window.localStorage.getItem('selectedLanguage')).toBe('de');
  });
});
