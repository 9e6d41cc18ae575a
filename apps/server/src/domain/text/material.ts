/**
 * What the services hand to the work pool's text functions (topic-material.ts), apart from
 * those functions: importing a name or a limit must not load their word lists into the
 * server's own thread.
 */
export interface Source {
  name: string;
  text: string;
}

/** Material one topic's content is written from, taken from the parts that speak of it. */
export const TOPIC_MATERIAL_CHARS = 100_000;
