import type { AnkiDeckRead } from './anki-read.js';
import type { DeckInfo } from './collection-model.js';
import type { CardDraft } from './read-cards.js';

/** Anki's own default deck, where it puts cards whose deck is gone. */
const DEFAULT_DECK_ID = 1;

/**
 * The decks the cards live in, with their counts, and every deck above them with zero counts
 * so the tree is whole. A card's home is its own deck (a filtered deck only borrows it, see
 * readCards); a card whose home is missing, or is itself filtered, is at home in Default, as
 * Anki does. Each draft's deckId is set to its home here. Ordered as Anki lists decks: by path.
 */
export function deckTree(decks: Map<number, DeckInfo>, drafts: CardDraft[]): AnkiDeckRead[] {
  const byName = new Map<string, DeckInfo>();
  for (const d of decks.values()) if (!d.filtered) byName.set(d.name, d);
  const defaultDeck = decks.get(DEFAULT_DECK_ID);
  const fallback: DeckInfo =
    defaultDeck && !defaultDeck.filtered
      ? defaultDeck
      : { id: DEFAULT_DECK_ID, name: 'Default', filtered: false };

  const read = new Map<string, AnkiDeckRead & { noteIds: Set<number> }>();
  const entry = (id: string, name: string) => {
    let d = read.get(name);
    if (!d) {
      d = { id, name, path: name.split('::'), notes: 0, cards: 0, reviews: 0, noteIds: new Set() };
      read.set(name, d);
    }
    return d;
  };
  for (const draft of drafts) {
    const own = decks.get(draft.homeDeckId);
    const home = own && !own.filtered ? own : fallback;
    draft.card.deckId = String(home.id);
    const d = entry(String(home.id), home.name);
    d.cards++;
    d.noteIds.add(draft.noteId);
    d.reviews += draft.card.reviews.length;
  }
  for (const name of [...read.keys()]) {
    const path = name.split('::');
    for (let depth = 1; depth < path.length; depth++) {
      const parent = path.slice(0, depth).join('::');
      // A parent Anki did not keep as a deck of its own gets an id from its name.
      entry(String(byName.get(parent)?.id ?? `path:${parent}`), parent);
    }
  }
  return [...read.values()]
    .map(({ noteIds, ...d }) => ({ ...d, notes: noteIds.size }))
    .sort((a, b) => comparePaths(a.path, b.path));
}

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
