import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DeepDiveContent } from './deep-dive-content';

describe('DeepDiveContent', () => {
  it('renders the sanitized HTML without its fences', () => {
    const { container } = renderWithProviders(
      <DeepDiveContent
        content={
          '```html\n<h2>Cells</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>\n```'
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Cells' })).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('```');
  });

  it('shows the real host beside a link to another site and removes images', () => {
    const { container } = renderWithProviders(
      <DeepDiveContent
        content={
          '<p>Read <a href="https://x.example/page">the school notes</a>.</p>' +
          '<img src="https://x.example/pixel.png" alt="diagram">'
        }
      />,
    );
    const link = screen.getByRole('link', {
      name: 'the school notes (x.example, opens in a new tab)',
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.querySelector('.model-link__host')?.textContent).toBe(
      '(x.example ↗, opens in a new tab)',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('makes a javascript: link plain text', () => {
    const { container } = renderWithProviders(
      <DeepDiveContent content={'<p><a href="javascript:alert(1)">Log in again</a></p>'} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('Log in again')).toBeTruthy();
  });

  it('says there are no details when the content is missing or only unsafe', () => {
    renderWithProviders(<DeepDiveContent content="<script>alert(1)</script>" />);
    expect(screen.getByText('No details available for this topic.')).toBeTruthy();
  });
});
