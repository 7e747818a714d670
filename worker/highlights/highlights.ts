/**
 * The `highlights` domain: passages of articles a reader marked (four colours) with an optional
 * note, in the `highlights` store (schema v5). Each keeps a W3C text-quote + position anchor
 * (shared/anchor.ts) so the reader can place it again after the article changes, plus a copy of
 * the article's title, feed, link and language so the Highlights screen (and exports) keep
 * working after retention removes the article: a highlight is never lost with its article.
 *
 * `orphaned` is what the reader last found when it tried to place the highlight; it only changes
 * the way it is shown. Every change emits `highlights-changed` with the articles concerned.
 */
import type { TextPosition, TextQuote } from '../../shared/anchor';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import {
  HIGHLIGHT_COLORS,
  type Highlight,
  type HighlightColor,
  type HighlightPage,
  type HighlightPatch,
  type NewHighlight,
} from './types';

export * from './types';

/** Longest note kept (characters). */
export const MAX_NOTE = 10_000;
/** Longest highlighted passage kept (characters). */
export const MAX_EXACT = 20_000;

const invalid = (message: string) => new EngineError('invalid_highlight', message);

function checkColor(color: unknown): HighlightColor {
  if (!HIGHLIGHT_COLORS.includes(color as HighlightColor))
    throw invalid(`Unknown highlight colour "${String(color)}".`);
  return color as HighlightColor;
}

function checkNote(note: unknown): string {
  if (typeof note !== 'string') throw invalid('A note must be text.');
  if (note.length > MAX_NOTE) throw invalid(`A note may be at most ${MAX_NOTE} characters long.`);
  return note;
}

function checkAnchor(quote: TextQuote, position: TextPosition): void {
  if (typeof quote?.exact !== 'string' || !quote.exact.trim())
    throw invalid('Select some text to highlight.');
  if (quote.exact.length > MAX_EXACT) throw invalid('That passage is too long to highlight.');
  if (typeof quote.prefix !== 'string' || typeof quote.suffix !== 'string')
    throw invalid('A highlight needs its context.');
  const { start, end } = position ?? {};
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start)
    throw invalid('A highlight needs a valid position.');
}

/** Newest first (then by id, so equal times keep one order). */
const newestFirst = (a: Highlight, b: Highlight) => b.createdAt - a.createdAt || b.id - a.id;

export function createHighlightsApi(ctx: EngineContext) {
  const table = () => ctx.db.dexie.table<Highlight, number>('highlights');
  const emit = (itemIds: number[]) =>
    ctx.events.emit({ type: 'highlights-changed', itemIds: [...new Set(itemIds)] }, ctx.applied.counter);
  const mustGet = async (id: number) => {
    const found = await ctx.db.run('fetch', () => table().get(id));
    if (!found) throw new EngineError('not_found', 'That highlight no longer exists.');
    return found;
  };

  return {
    /** The highlights of one article, in the order they appear (by position). */
    async listByItem(itemId: number): Promise<Highlight[]> {
      const rows = await ctx.db.run('fetch', () => table().where('itemId').equals(itemId).toArray());
      return rows.sort((a, b) => a.position.start - b.position.start || a.id - b.id);
    },

    /**
     * Every highlight, newest first, `limit` from `offset`; `search` keeps those whose passage,
     * note or article title contains every word of it (case-insensitive). Reads the store whole:
     * highlights are made by hand, thousands at most.
     */
    async list(opts: { search?: string; offset?: number; limit?: number } = {}): Promise<HighlightPage> {
      const words = (opts.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const all = await ctx.db.run('fetchAll', () => table().toArray());
      const hits = all
        .filter((h) => {
          if (words.length === 0) return true;
          const hay = `${h.quote.exact}\n${h.note}\n${h.title}`.toLowerCase();
          return words.every((w) => hay.includes(w));
        })
        .sort(newestFirst);
      const offset = Math.max(0, opts.offset ?? 0);
      const limit = Math.max(1, Math.min(opts.limit ?? 500, 5000));
      return { rows: hits.slice(offset, offset + limit), total: hits.length };
    },

    /** Adds a highlight to an existing article. Fails: `invalid_highlight`, `not_found`. */
    async add(input: NewHighlight): Promise<Highlight> {
      const color = checkColor(input.color);
      const note = checkNote(input.note ?? '');
      checkAnchor(input.quote, input.position);
      const item = await ctx.stores.items.get(input.itemId);
      if (!item) throw new EngineError('not_found', 'That article no longer exists.');
      const now = ctx.now();
      const language = item.language || ctx.feedCache.get(item.feedId)?.language || '';
      const fresh: Omit<Highlight, 'id'> = {
        itemId: item.id,
        feedId: item.feedId,
        title: item.title,
        link: item.link,
        ...(language ? { language } : {}),
        color,
        note,
        quote: { exact: input.quote.exact, prefix: input.quote.prefix, suffix: input.quote.suffix },
        position: { start: input.position.start, end: input.position.end },
        orphaned: false,
        createdAt: now,
        updatedAt: now,
      };
      const id = await ctx.db.run('add', () => table().add(fresh as Highlight));
      emit([item.id]);
      return { ...fresh, id: Number(id) };
    },

    /** Changes colour, note, orphaned state or anchor. Fails: `invalid_highlight`, `not_found`. */
    async update(id: number, patch: HighlightPatch): Promise<Highlight> {
      const current = await mustGet(id);
      const next: Highlight = { ...current };
      if (patch.color !== undefined) next.color = checkColor(patch.color);
      if (patch.note !== undefined) next.note = checkNote(patch.note);
      if (patch.orphaned !== undefined) next.orphaned = patch.orphaned === true;
      if (patch.quote !== undefined || patch.position !== undefined) {
        const quote = patch.quote ?? current.quote;
        const position = patch.position ?? current.position;
        checkAnchor(quote, position);
        next.quote = quote;
        next.position = position;
      }
      // Only an edit the reader made counts as an update; re-anchoring is bookkeeping.
      if (patch.color !== undefined || patch.note !== undefined) next.updatedAt = ctx.now();
      await ctx.db.run('update', () => table().put(next));
      emit([next.itemId]);
      return next;
    },

    /** Deletes a highlight and returns it (for Undo through `restore`). Fails: `not_found`. */
    async remove(id: number): Promise<Highlight> {
      const current = await mustGet(id);
      await ctx.db.run('delete', () => table().delete(id));
      emit([current.itemId]);
      return current;
    },

    /** Puts a removed highlight back exactly as it was (same id). */
    async restore(highlight: Highlight): Promise<void> {
      checkColor(highlight.color);
      checkNote(highlight.note);
      checkAnchor(highlight.quote, highlight.position);
      if (!Number.isInteger(highlight.id) || highlight.id <= 0) throw invalid('A highlight needs its id.');
      await ctx.db.run('update', () => table().put(highlight));
      emit([highlight.itemId]);
    },
  };
}
