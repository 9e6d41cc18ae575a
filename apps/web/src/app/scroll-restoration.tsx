import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a restore waits for a lazy screen to grow tall enough to scroll back into. */
const RESTORE_WAIT_MS = 1000;

/**
 * Where each screen opens (docs/product.md, Screens): a new screen at its top, and a screen
 * reached by back or forward where the student left it. The declarative router keeps no scroll
 * positions of its own (the data router's ScrollRestoration would cost a sixth of the first
 * screen's JavaScript), so they are kept here, per history entry, while the app is open. A
 * change of the address's query alone (the calendar's week, a tab) is the same screen: it
 * keeps its place.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const shownPath = useRef(location.pathname);
  const currentKey = useRef(location.key);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    // The browser's own restoration would scroll before the screen is drawn, then fight ours.
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        positions.current.set(currentKey.current, window.scrollY),
      );
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const samePath = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (!samePath) window.scrollTo(0, 0);
      return;
    }
    const y = positions.current.get(location.key) ?? 0;
    // A lazy screen is short until its code and data arrive: try again each frame until it is
    // tall enough, for a second at most.
    const until = performance.now() + RESTORE_WAIT_MS;
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, y);
      if (Math.abs(window.scrollY - y) > 1 && performance.now() < until)
        frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, navigationType]);

  return null;
}
