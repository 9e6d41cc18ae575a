import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import UpdatePrompt from './update-prompt';

const updateServiceWorker = vi.fn(async () => undefined);
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    const needRefresh = useState(true);
    return { needRefresh, offlineReady: useState(false), updateServiceWorker };
  },
}));

describe('UpdatePrompt', () => {
  it('says a new version is ready and reloads only when the student asks', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    expect(screen.getByRole('status').textContent).toContain('A new version is ready.');
    expect(updateServiceWorker).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(updateServiceWorker).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
