import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** How long a 'not found' message stays before the redirect (long enough to be read). */
export const NOT_FOUND_REDIRECT_MS = 2500;

/** While `active`, goes to `to` after a short delay ('Subject not found.', docs/product.md). */
export function useRedirectAfter(active: boolean, to: string, delay = NOT_FOUND_REDIRECT_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => navigate(to, { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [active, to, delay, navigate]);
}

/** A route segment as a positive id, or NaN. */
export function toId(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value)) return Number.NaN;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : Number.NaN;
}
