// `?no-inline`: a file of its own (cached once, allowed by img-src 'self'), never a data URL in
// the JavaScript: the drawing as JSX was about 1 KB of every screen's compressed script.
import octopusUrl from '@/assets/octopus.svg?no-inline';

export interface OctopusMascotProps {
  /** Accessible name; without one the drawing is decorative and hidden from assistive tech. */
  title?: string;
  className?: string;
  /** Plays the gentle bobbing animation (off when the user prefers reduced motion). */
  animated?: boolean;
}

/** Buddy, the StudyBuddy octopus in a graduation cap. */
export function OctopusMascot({ title, className, animated = false }: OctopusMascotProps) {
  const classes = ['octopus', animated ? 'octopus--animated' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  // width and height give the image its shape before it loads (no layout shift); CSS sizes it.
  return (
    <img
      className={classes}
      src={octopusUrl}
      alt={title ?? ''}
      width={200}
      height={200}
      draggable={false}
    />
  );
}
