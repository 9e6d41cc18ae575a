import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

/** A scroll position the test sets, as a browser would when the student scrolls. */
let y = 0;

function Screen({ name, to }: { name: string; to: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <h1>{name}</h1>
      <Link to={to}>next</Link>
      <Link to="?week=2">same screen, other week</Link>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </div>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ScrollRestoration />
      <Routes>
        <Route path="/dashboard" element={<Screen name="Dashboard" to="/topic/1" />} />
        <Route path="/topic/1" element={<Screen name="Topic" to="/dashboard" />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The student scrolls to `to`: the position is read on the next frame. */
function scrollTo(to: number) {
  y = to;
  fireEvent.scroll(window);
}

describe('ScrollRestoration', () => {
  const scroll = vi.fn((_x: number, to: number) => {
    y = to;
  });
  beforeEach(() => {
    y = 0;
    scroll.mockClear();
    vi.stubGlobal('scrollTo', scroll);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a new screen at its top, keeps its place on a query change, and restores it on back', () => {
    renderApp();
    scrollTo(1800);
    act(() => screen.getByRole('link', { name: 'next' }).click());
    expect(screen.getByRole('heading').textContent).toBe('Topic');
    expect(scroll).toHaveBeenLastCalledWith(0, 0);
    scrollTo(300);
    scroll.mockClear();
    act(() => screen.getByRole('link', { name: 'same screen, other week' }).click());
    expect(scroll).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'back' }).click());
    act(() => screen.getByRole('button', { name: 'back' }).click());
    expect(screen.getByRole('heading').textContent).toBe('Dashboard');
    expect(scroll).toHaveBeenLastCalledWith(0, 1800);
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
