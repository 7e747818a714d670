/**
 * Article translations: the cache (in the `summaries` store under a key of its own, so backups,
 * restores and item deletion cover it with no new schema version) and the language check that
 * decides whether an article needs translating at all. The model calls happen in the UI, like
 * summaries: the endpoint, its key and the streaming live there.
 */
import type { detectAll as detectAllType } from 'tinyld';
import { hashString } from '../../shared/hash';
import { htmlToText } from '../../shared/htmlText';
import type { SummaryRecord } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { Item } from '../types';

/** A cached translation as the UI gets it: one text per translatable paragraph, in order. */
export interface CachedTranslation {
  lang: string;
  paragraphs: string[];
  model: string;
  createdAt: number;
}

/** What the reader needs before translating: a cached translation, or why none is needed. */
export interface TranslationCheck {
  /** The translation cached for this article version and language, or null. */
  cached: CachedTranslation | null;
  /** The article's language as detected (ISO 639-1, e.g. 'en'), or null when unsure. */
  source: string | null;
  /** True when the article is already in the target language: nothing to translate. */
  same: boolean;
}

/** Characters of article text the detector reads (enough for a stable answer, cheap on long articles). */
const DETECT_CHARS = 2000;
/** Below this many letters the detector guesses; an unsure answer never blocks a translation. */
const MIN_DETECT_CHARS = 24;
/**
 * The detector's score an answer needs, and how far ahead of the runner-up it must be (tinyld's
 * scores are relative: two clean English sentences score ≈0.4 with the next language at ≈0.02).
 */
const MIN_ACCURACY = 0.25;
const MIN_LEAD = 3;

/** The language part of a tag: 'zh-CN' → 'zh', 'EN' → 'en'. */
export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

type Detector = typeof detectAllType;
let detector: Promise<Detector> | null = null;

/**
 * tinyld's normal model (≈590 kB, 60+ languages), loaded on the first check as its own chunk so
 * the worker starts without it. The light model (70 kB) was measured too: it scores one clean
 * English sentence at 0.04 with Turkish close behind, too unsure to skip a translation on.
 */
export function loadDetector(): Promise<Detector> {
  detector ??= import('tinyld').then((m) => m.detectAll);
  return detector;
}

/**
 * The language of a text (ISO 639-1), or null when the text is too short or the detector is
 * unsure. Runs in the worker, off the UI thread.
 */
export async function detectLanguage(
  text: string,
  opts: { minLetters?: number } = {},
): Promise<string | null> {
  const detectAll = await loadDetector();
  const sample = text.replace(/\s+/g, ' ').trim().slice(0, DETECT_CHARS);
  if (sample.replace(/[\s\d\p{P}\p{S}]/gu, '').length < (opts.minLetters ?? MIN_DETECT_CHARS)) return null;
  const [best, second] = detectAll(sample);
  if (!best || best.accuracy < MIN_ACCURACY) return null;
  if (second && best.accuracy < second.accuracy * MIN_LEAD) return null;
  return best.lang || null;
}

/** The text of an article the detector reads: its title and body as plain text. */
export function articleSample(item: Pick<Item, 'title' | 'description'>): string {
  return `${item.title}\n${htmlToText(item.description, 'html')}`;
}

/** Whether a detected source language and a target tag name the same language. */
export function sameLanguage(source: string | null, target: string): boolean {
  return source !== null && baseLanguage(source) === baseLanguage(target);
}

/**
 * Which text of an article is translated: the feed's body, or the whole article fetched from
 * the site (worker/fulltext) when the reader shows that. Each has translations of its own.
 */
export type TranslationSource = 'feed' | 'full';

/**
 * The store key of an article's translation; another article version gets another key.
 * `version` is the feed body's `contentHash`, or `full-<hash of the whole article's HTML>` for
 * the whole article, so the two never share a translation (and a re-fetched page that changed
 * misses too).
 */
export function translationKey(itemId: number, version: string, lang: string): string {
  if (!Number.isInteger(itemId) || itemId <= 0) throw new Error(`Bad item id ${itemId}`);
  return `translation:${itemId}:${version}:${lang}`;
}

/** The key version of a whole article's translation. */
export function fullTextVersion(html: string): string {
  return `full-${hashString(html)}`;
}

/** The tag itself, or EngineError('bad_translation') when it is not a language tag. */
export function checkLang(lang: unknown): string {
  if (typeof lang !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang))
    throw new EngineError('bad_translation', `"${String(lang)}" is not a language tag`);
  return lang;
}

/** The translation part of the `ai` domain. */
export interface TranslationApi {
  /**
   * The translation cached for the article's current version (of `source`, default the feed's
   * body) in `lang`, or null. Two reads, no detection. Fails: not_found (no article; no whole
   * article for 'full'), bad_translation.
   */
  getTranslation(itemId: number, lang: string, source?: TranslationSource): Promise<CachedTranslation | null>;
  /**
   * Cached translation + source language + whether it already is in `lang`. One item read, one
   * cache read, and the detector over at most 2,000 characters. Fails: not_found, bad_translation.
   */
  checkTranslation(itemId: number, lang: string, source?: TranslationSource): Promise<TranslationCheck>;
  /**
   * Caches a complete translation of the article's current version (paragraph texts in order).
   * Fails: not_found, bad_translation (no paragraphs, a non-string, a bad tag), storage errors.
   */
  putTranslation(
    itemId: number,
    lang: string,
    paragraphs: string[],
    model: string,
    source?: TranslationSource,
  ): Promise<void>;
}

/** The text a translation is made of: its key version and what the detector reads. */
interface Translated {
  item: Item;
  version: string;
  sample: string;
}

/** Builds the translation functions over an engine context. */
export function createTranslationApi(ctx: EngineContext): TranslationApi {
  const table = () => ctx.db.table('summaries');
  const textOf = async (itemId: number, source: TranslationSource = 'feed'): Promise<Translated> => {
    const it = (await ctx.db.run('fetch', () => ctx.db.table('items').get(itemId))) as Item | undefined;
    if (!it) throw new EngineError('not_found', `Article ${itemId} does not exist`);
    if (source === 'feed') return { item: it, version: it.contentHash, sample: articleSample(it) };
    if (source !== 'full')
      throw new EngineError('bad_translation', `"${String(source)}" is not a text source`);
    const full = await ctx.db.run('fetch', () => ctx.db.table('fullTexts').get(itemId));
    if (full?.status !== 'ok')
      throw new EngineError('not_found', `Article ${itemId} has no whole article loaded`);
    return { item: it, version: fullTextVersion(full.html), sample: `${it.title}\n${full.text}` };
  };
  const cachedOf = async (tr: Translated, lang: string): Promise<CachedTranslation | null> => {
    const rec = await ctx.db.run('fetch', () => table().get(translationKey(tr.item.id, tr.version, lang)));
    return rec?.paragraphs && rec.lang
      ? { lang: rec.lang, paragraphs: rec.paragraphs, model: rec.model, createdAt: rec.createdAt }
      : null;
  };
  return {
    async getTranslation(itemId, lang, source) {
      checkLang(lang);
      return cachedOf(await textOf(itemId, source), lang);
    },
    async checkTranslation(itemId, lang, source) {
      checkLang(lang);
      const tr = await textOf(itemId, source);
      const cached = await cachedOf(tr, lang);
      const detected = await detectLanguage(tr.sample);
      return { cached, source: detected, same: sameLanguage(detected, lang) };
    },
    async putTranslation(itemId, lang, paragraphs, model, source) {
      checkLang(lang);
      if (
        !Array.isArray(paragraphs) ||
        paragraphs.length === 0 ||
        paragraphs.some((p) => typeof p !== 'string') ||
        paragraphs.every((p) => p.trim() === '')
      )
        throw new EngineError('bad_translation', 'An empty translation is not cached');
      const tr = await textOf(itemId, source);
      const record: SummaryRecord = {
        key: translationKey(itemId, tr.version, lang),
        itemId,
        text: paragraphs.join('\n\n'),
        model: typeof model === 'string' ? model : '',
        createdAt: ctx.now(),
        lang,
        paragraphs: [...paragraphs],
      };
      await ctx.db.run('update', () => table().put(record));
    },
  };
}
