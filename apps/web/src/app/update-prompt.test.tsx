import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { UpdateBar } from './update-prompt';

describe('UpdateBar', () => {
  it('says a new version is ready and reloads only when the student asks', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const onLater = vi.fn();
    renderWithProviders(<UpdateBar onReload={onReload} onLater={onLater} />);
    expect(screen.getByRole('status').textContent).toContain('A new version is ready.');
    expect(onReload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledOnce();
    expect(onReload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
