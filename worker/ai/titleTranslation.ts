/**
 * Translated titles for item lists (the per-feed "Translate titles in lists", `Feed.translateTitles`):
 * the cache, kept in the `summaries` store under keys of their own (`title:itemId:titleHash:lang`,
 * so backups, restores and item deletion cover it with no new schema version), and the language
 * check that leaves titles already in the target language alone. The model calls happen in the
 * UI (src/translate/titles), like article translations.
 */
import { hashString } from '../../shared/hash';
import type { SummaryRecord } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { patchFeed } from '../feeds/refresh/patchFeed';
import { baseLanguage, checkLang, detectLanguage, sameLanguage } from './translation';

/** A title the list shows, as the UI asks about it. */
export interface TitleRef {
  id: number;
  feedId: number;
  /** The title as stored (the cache key depends on it: an edited title is translated again). */
  title: string;
}

/** What the list does with one title. */
export type TitleState =
  /** Translated before: show `text`. */
  | { id: number; kind: 'cached'; text: string }
  /** Already in the target language: show the original, ask nothing. */
  | { id: number; kind: 'same' }
  /** Needs the model. */
  | { id: number; kind: 'todo' };

/** One translated title to cache. */
export interface TitleTranslation extends TitleRef {
  text: string;
}

/** Most titles looked up in one call (one visible screen is far fewer). */
export const MAX_TITLES = 500;
/** Longest title kept in the cache, characters (longer translations are cut). */
const MAX_TITLE_CHARS = 1000;

/** The store key of a title's translation; another title text gets another key. */
export function titleKey(itemId: number, title: string, lang: string): string {
  if (!Number.isInteger(itemId) || itemId <= 0) throw new Error(`Bad item id ${itemId}`);
  return `title:${itemId}:${hashString(title)}:${lang}`;
}

/**
 * Whether titles are in `lang`, by feed: a feed's titles together give the detector enough text
 * to be sure, so a feed written in the target language is skipped whole; a title the detector is
 * sure about on its own decides for itself (a mixed feed). Unsure titles are translated (the
 * model is told to give a title already in the target language back as it is).
 */
async function sameFlags(titles: readonly TitleRef[], lang: string): Promise<boolean[]> {
  const byFeed = new Map<number, string[]>();
  for (const t of titles) byFeed.set(t.feedId, [...(byFeed.get(t.feedId) ?? []), t.title]);
  const feedLang = new Map<number, string | null>();
  for (const [feedId, list] of byFeed) feedLang.set(feedId, await detectLanguage(list.join('.\n')));
  const target = baseLanguage(lang);
  return Promise.all(
    titles.map(async (t) => {
      const own = await detectLanguage(t.title, { minLetters: TITLE_MIN_LETTERS });
      if (own !== null) return baseLanguage(own) === target;
      return sameLanguage(feedLang.get(t.feedId) ?? null, lang);
    }),
  );
}

/** Letters a single title needs before the detector's answer counts. */
const TITLE_MIN_LETTERS = 10;

function checkRefs(refs: unknown): TitleRef[] {
  if (!Array.isArray(refs) || refs.length > MAX_TITLES)
    throw new EngineError('bad_translation', `Give at most ${MAX_TITLES} titles`);
  for (const r of refs as TitleRef[]) {
    if (
      !r ||
      !Number.isInteger(r.id) ||
      r.id <= 0 ||
      !Number.isInteger(r.feedId) ||
      typeof r.title !== 'string'
    )
      throw new EngineError('bad_translation', 'A title reference is malformed');
  }
  return refs as TitleRef[];
}

/** The title part of the `ai` domain. */
export interface TitleTranslationApi {
  /**
   * For each title (at most 500): its cached translation into `lang`, or that it is already in
   * `lang`, or that it needs the model. One bulk read of the cache and the detector over the
   * titles not cached. Fails: bad_translation.
   */
  checkTitles(titles: TitleRef[], lang: string): Promise<TitleState[]>;
  /** Caches translated titles (empty texts are skipped). Fails: bad_translation, storage errors. */
  putTitles(titles: TitleTranslation[], lang: string, model: string): Promise<void>;
  /** Turns a feed's "Translate titles in lists" on or off. Fails: not_found. */
  setTranslateTitles(feedId: number, on: boolean): Promise<void>;
}

/** Builds the title functions over an engine context. */
export function createTitleTranslationApi(ctx: EngineContext): TitleTranslationApi {
  const table = () => ctx.db.table('summaries');
  return {
    async checkTitles(titles, lang) {
      checkLang(lang);
      const refs = checkRefs(titles);
      if (refs.length === 0) return [];
      const records = await ctx.db.run('fetch', () =>
        table().bulkGet(refs.map((r) => titleKey(r.id, r.title, lang))),
      );
      const out: TitleState[] = refs.map((r, i) => {
        const rec = records[i];
        return rec?.text ? { id: r.id, kind: 'cached', text: rec.text } : { id: r.id, kind: 'todo' };
      });
      const open = refs.filter((_, i) => out[i]?.kind === 'todo');
      if (open.length === 0) return out;
      const same = await sameFlags(open, lang);
      const sameIds = new Set(open.filter((_, i) => same[i]).map((r) => r.id));
      return out.map((s) => (s.kind === 'todo' && sameIds.has(s.id) ? { id: s.id, kind: 'same' } : s));
    },
    async putTitles(titles, lang, model) {
      checkLang(lang);
      const list = checkRefs(titles) as TitleTranslation[];
      const createdAt = ctx.now();
      const records: SummaryRecord[] = list
        .filter((t) => typeof t.text === 'string' && t.text.trim() !== '')
        .map((t) => ({
          key: titleKey(t.id, t.title, lang),
          itemId: t.id,
          text: t.text.trim().slice(0, MAX_TITLE_CHARS),
          model: typeof model === 'string' ? model : '',
          createdAt,
          lang,
        }));
      if (records.length === 0) return;
      // Only titles of articles still stored: a title deleted meanwhile would leave an orphan.
      await ctx.db.tx('update', 'rw', ['items', 'summaries'], async () => {
        const items = await ctx.db.table('items').bulkGet(records.map((r) => r.itemId));
        const kept = records.filter((_, i) => items[i]);
        if (kept.length > 0) await table().bulkPut(kept);
      });
    },
    async setTranslateTitles(feedId, on) {
      await patchFeed(ctx, feedId, { translateTitles: on === true });
    },
  };
}
