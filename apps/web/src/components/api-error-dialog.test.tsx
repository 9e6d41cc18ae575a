import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { dismissApiError, showApiError } from '@/lib/error-dialog';
import { renderWithProviders } from '@/testing/render';
import { ApiErrorDialog } from './api-error-dialog';

describe('the API error dialog', () => {
  afterEach(() => act(() => dismissApiError()));

  it('gives the server’s request id, for the admin to find it in the log', async () => {
    renderWithProviders(<ApiErrorDialog />);
    act(() => showApiError(new ApiError(500, 'internal_error', 'Boom', undefined, '3f6c-request')));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Reference for the administrator: 3f6c-request');
  });

  it('shows no reference when the failure has none (the server was not reached)', async () => {
    renderWithProviders(<ApiErrorDialog />);
    act(() => showApiError(new ApiError(0, 'network_error', 'offline')));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).not.toContain('Reference');
  });
});
