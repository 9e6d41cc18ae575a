import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText } from './math-text';

describe('MathText', () => {
  it('renders a formula with KaTeX inside the sentence and leaves the rest as text', () => {
    const { container } = render(
      <p>
        <MathText text="What is $E_D = \frac{\Delta Q}{\Delta P}$ called?" />
      </p>,
    );
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    // No paragraph inside the card's paragraph, and no LaTeX source shown as text.
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('.katex-html')?.textContent).not.toContain('\\frac');
    expect(container.textContent?.startsWith('What is ')).toBe(true);
    expect(container.textContent?.endsWith(' called?')).toBe(true);
  });

  it('never reads the text as Markdown or HTML', () => {
    const { container } = render(
      <MathText text={'**not bold** <img src=x onerror=alert(1)> 1. item, costs $5 and $10'} />,
    );
    expect(container.querySelector('strong, img, ol')).toBeNull();
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toBe(
      '**not bold** <img src=x onerror=alert(1)> 1. item, costs $5 and $10',
    );
  });
});
