import type { GenerationProgress, Proposal } from '@studybuddy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGenerationProgress } from '../api/get-generation-progress';
import { processStudyMaterials } from '../api/process-study-materials';
import { newJobId } from '../utils/wizard-form-data';

export type GenerationStatus = 'idle' | 'sending' | 'failed';

export interface GenerationState {
  status: GenerationStatus;
  /** Share of the upload done, 0 to 1. */
  uploaded: number;
  /** The server's stage, from polling while the request runs. */
  stage: GenerationProgress['stage'] | null;
  error: unknown;
}

const idle: GenerationState = { status: 'idle', uploaded: 0, stage: null, error: null };

/**
 * Sends the wizard's form data, follows the upload and the server's stages, and keeps the
 * form data so Resend posts it again unchanged (docs/product.md, Screens) under a new job id.
 */
export function useGeneratePlan(onSuccess: (proposal: Proposal) => void) {
  const [state, setState] = useState<GenerationState>(idle);
  const [jobId, setJobId] = useState<string | null>(null);
  const form = useRef<FormData | null>(null);
  const abort = useRef<AbortController | null>(null);
  const succeed = useRef(onSuccess);
  succeed.current = onSuccess;

  const progress = useGenerationProgress(jobId, state.status === 'sending');
  const polled = progress.data?.stage;
  useEffect(() => {
    if (!polled || polled === 'unknown') return;
    setState((s) => (s.status === 'sending' ? { ...s, stage: polled } : s));
  }, [polled]);

  const run = useCallback(async (data: FormData) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const id = newJobId();
    data.set('jobId', id);
    form.current = data;
    setJobId(id);
    setState({ status: 'sending', uploaded: 0, stage: null, error: null });
    try {
      const proposal = await processStudyMaterials(data, {
        signal: controller.signal,
        onUploadProgress: (fraction) =>
          setState((s) => (s.status === 'sending' ? { ...s, uploaded: fraction } : s)),
      });
      if (controller.signal.aborted) return;
      setState((s) => ({ ...s, stage: 'done' }));
      succeed.current(proposal);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState((s) => ({ ...s, status: 'failed', error }));
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }, []);

  const start = useCallback((data: FormData) => void run(data), [run]);
  const resend = useCallback(() => {
    if (form.current) void run(form.current);
  }, [run]);
  /** Stops a running upload (or closes the failure) and returns to the wizard. */
  const close = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setState(idle);
    setJobId(null);
  }, []);

  useEffect(() => () => abort.current?.abort(), []);

  return { state, start, resend, close };
}
