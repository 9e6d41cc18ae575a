import type { StudySession } from '@studybuddy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '@/features/study-sessions/api/keys';
import { useForgetDeletedPlan } from './use-forget-deleted-plan';

function session(id: number, planId: number): StudySession {
  return {
    id,
    planId,
    subjectId: planId * 10,
    topicId: null,
    title: `Session ${id}`,
    day: '2026-12-07',
    startTime: '2026-12-07T09:00:00.000Z',
    endTime: '2026-12-07T10:00:00.000Z',
    subjectName: 'Calculus',
    topicName: null,
    notes: null,
    reminder: false,
    kind: 'learn',
    checkIn: null,
  };
}

describe('useForgetDeletedPlan', () => {
  it("takes the deleted plan's sessions out of the cached list at once, and keeps the others", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKeys.mine(), [session(1, 7), session(2, 8), session(3, 7)]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useForgetDeletedPlan(), { wrapper });
    result.current(7);
    const left = client.getQueryData<StudySession[]>(sessionKeys.mine());
    expect(left?.map((s) => s.id)).toEqual([2]);
    // And the list is marked for a refetch, so the server's word follows.
    expect(client.getQueryState(sessionKeys.mine())?.isInvalidated).toBe(true);
  });
});
