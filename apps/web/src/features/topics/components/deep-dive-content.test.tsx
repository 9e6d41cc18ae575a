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

  it('says there are no details when the content is missing or only unsafe', () => {
    renderWithProviders(<DeepDiveContent content="<script>alert(1)</script>" />);
    expect(screen.getByText('No details available for this topic.')).toBeTruthy();
  });
});
