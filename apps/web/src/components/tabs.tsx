import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './tabs.css';

export interface TabItem {
  /** Stable key of the tab. */
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs. A panel
 * is rendered on its first visit and then kept (hidden), so work in progress in one tab, such
 * as a half-answered quiz, survives a look at another.
 */
export function Tabs({ label, items }: TabsProps) {
  const baseId = useId();
  const [active, setActive] = useState(items[0]?.id ?? '');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active]));
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  function select(id: string, focus = false) {
    setActive(id);
    setVisited((current) => (current.has(id) ? current : new Set([...current, id])));
    if (focus) tabRefs.current[id]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === active);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    select(item.id, true);
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === active;
          return (
            <button
              key={item.id}
              ref={(el) => {
                tabRefs.current[item.id] = el;
              }}
              id={`${baseId}-tab-${item.id}`}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          id={`${baseId}-panel-${item.id}`}
          role="tabpanel"
          className="tabs__panel"
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel focusable
          tabIndex={0}
        >
          {visited.has(item.id) ? item.content : null}
        </div>
      ))}
    </div>
  );
}
