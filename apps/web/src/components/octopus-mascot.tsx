import { useId } from 'react';

export interface OctopusMascotProps {
  /** Accessible name; without one the drawing is decorative and hidden from assistive tech. */
  title?: string;
  className?: string;
  /** Plays the gentle bobbing animation (off when the user prefers reduced motion). */
  animated?: boolean;
}

/** Buddy, the StudyBuddy octopus in a graduation cap, drawn inline so nothing is downloaded. */
export function OctopusMascot({ title, className, animated = false }: OctopusMascotProps) {
  const titleId = useId();
  const classes = ['octopus', animated ? 'octopus--animated' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const drawing = (
    <>
      <g
        className="octopus__tentacles"
        fill="none"
        stroke="#e0766b"
        strokeWidth="14"
        strokeLinecap="round"
      >
        <path d="M64 118 C44 136 30 156 42 174 C50 186 64 180 58 168" />
        <path d="M80 128 C72 148 68 166 80 184" />
        <path d="M100 132 C100 150 94 168 102 184 C106 192 116 190 114 180" />
        <path d="M120 128 C128 148 132 166 120 184" />
        <path d="M136 118 C156 136 170 156 158 174 C150 186 136 180 142 168" />
      </g>
      <g fill="#fbd0c9">
        <circle cx="46" cy="160" r="3" />
        <circle cx="76" cy="164" r="3" />
        <circle cx="99" cy="162" r="3" />
        <circle cx="125" cy="164" r="3" />
        <circle cx="154" cy="160" r="3" />
      </g>
      <ellipse cx="100" cy="92" rx="62" ry="56" fill="#f28b82" />
      <ellipse cx="82" cy="62" rx="18" ry="10" fill="#f8b1a9" />
      <g className="octopus__eyes">
        <ellipse cx="78" cy="92" rx="14" ry="15" fill="#ffffff" />
        <ellipse cx="122" cy="92" rx="14" ry="15" fill="#ffffff" />
        <circle cx="80" cy="95" r="7.5" fill="#1d2b45" />
        <circle cx="124" cy="95" r="7.5" fill="#1d2b45" />
        <circle cx="83" cy="91" r="2.6" fill="#ffffff" />
        <circle cx="127" cy="91" r="2.6" fill="#ffffff" />
      </g>
      <ellipse cx="62" cy="114" rx="9" ry="5.5" fill="#ec6a86" opacity="0.55" />
      <ellipse cx="138" cy="114" rx="9" ry="5.5" fill="#ec6a86" opacity="0.55" />
      <path
        d="M86 114 Q100 128 114 114"
        fill="none"
        stroke="#1d2b45"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <g className="octopus__cap">
        <path d="M70 46 L70 60 Q100 74 130 60 L130 46 Z" fill="#234b70" />
        <polygon points="100,20 156,40 100,60 44,40" fill="#17324f" />
        <circle cx="100" cy="40" r="3.5" fill="#f6c945" />
        <path
          d="M100 40 L148 48 L148 66"
          fill="none"
          stroke="#f6c945"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="148" cy="70" r="5" fill="#f6c945" />
      </g>
    </>
  );
  if (title) {
    return (
      <svg
        className={classes}
        viewBox="0 0 200 200"
        xmlns="http://www.w3.org/2000/svg"
        role="img"
        aria-labelledby={titleId}
        focusable="false"
      >
        <title id={titleId}>{title}</title>
        {drawing}
      </svg>
    );
  }
  return (
    <svg
      className={classes}
      viewBox="0 0 200 200"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      focusable="false"
    >
      {drawing}
    </svg>
  );
}
