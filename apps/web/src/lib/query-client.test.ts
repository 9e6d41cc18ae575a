import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { dismissApiError, getErrorDialog } from './error-dialog';
import { createQueryClient } from './query-client';

const failure = () => Promise.reject(new ApiError(500, 'internal_error', 'Boom'));

describe('createQueryClient', () => {
  afterEach(dismissApiError);

  it('opens the generic error dialog when a query fails', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['x'], queryFn: failure, retry: false });
    expect(getErrorDialog()).toMatchObject({ open: true, error: { message: 'Boom' } });
  });

  it('leaves the dialog closed for a query that handles its own errors', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({
      queryKey: ['y'],
      queryFn: failure,
      retry: false,
      meta: { handlesOwnErrors: true },
    });
    expect(getErrorDialog().open).toBe(false);
  });

  it('opens the dialog for a failed mutation unless it handles its own errors', async () => {
    const client = createQueryClient();
    const own = client.getMutationCache().build(client, {
      mutationFn: failure,
      meta: { handlesOwnErrors: true },
    });
    await own.execute(undefined).catch(() => undefined);
    expect(getErrorDialog().open).toBe(false);
    const plain = client.getMutationCache().build(client, { mutationFn: failure });
    await plain.execute(undefined).catch(() => undefined);
    expect(getErrorDialog().open).toBe(true);
  });
});
