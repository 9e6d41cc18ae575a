import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { GenerationOverlay } from './generation-overlay';

describe('GenerationOverlay', () => {
  it('shows the server stages, finding topics among them, and where the generation stands', () => {
    renderWithProviders(
      <GenerationOverlay
        state={{ status: 'sending', uploaded: 1, stage: 'finding-topics', error: null }}
        onResend={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const steps = within(screen.getByRole('dialog')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓Uploading your inputs (done)',
      '✓Reading your files (done)',
      '…Finding topics',
      '·Planning your sessions',
      '·Saving your plan',
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
  });
});
