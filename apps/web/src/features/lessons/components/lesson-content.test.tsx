import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LessonContent } from './lesson-content';

describe('LessonContent', () => {
  it('shows the real host beside a link to another site and opens it in a new tab', () => {
    renderWithProviders(
      <LessonContent
        markdown={'## Mitosis\n\n[Session expired, log in here](https://evil.example/login)'}
      />,
    );
    const link = screen.getByRole('link', {
      name: 'Session expired, log in here (evil.example, opens in a new tab)',
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.querySelector('.model-link__host')?.textContent).toContain('evil.example');
  });

  it('makes a javascript: link plain text', () => {
    const { container } = renderWithProviders(
      <LessonContent markdown={'[Next lesson](javascript:alert(1))'} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('Next lesson')).toBeTruthy();
  });

  it('renders no image', () => {
    const { container } = renderWithProviders(
      <LessonContent markdown={'A cell:\n\n![cell](https://evil.example/pixel.png)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('keeps links in math inert', () => {
    const { container } = renderWithProviders(
      <LessonContent
        markdown={'$\\href{https://evil.example}{x^2}$ and $\\url{https://evil.example}$'}
      />,
    );
    expect(container.querySelector('.katex')).toBeTruthy();
    expect(container.querySelector('a')).toBeNull();
  });

  it('leaves a link to another part of our site as written, in the same tab', () => {
    renderWithProviders(<LessonContent markdown={'Back to [the topic](/topics/3).'} />);
    const link = screen.getByRole('link', { name: 'the topic' });
    expect(link.getAttribute('href')).toBe('/topics/3');
    expect(link.hasAttribute('target')).toBe(false);
  });
});
