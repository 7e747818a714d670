/** Shape checks of backed-up records, per store, so a restore never writes a malformed row. */
import { normalizeLanguage } from '../../shared/language';

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown) => typeof v === 'string';
// A feed's, article's or highlight's language: absent (backups made before languages were kept), or a
// language tag (what the UI puts in `lang`; not held to this engine's canonical spelling, which
// a browser's newer locale data may change).
const isLanguage = (v: unknown) => v === undefined || normalizeLanguage(v) !== '';

/**
 * Null when `value` is a usable record of `store`, else what is wrong (for the refusal
 * message). Known stores are checked field by field (the fields indexes and the engine rely
 * on); other stores only need an object, or a key beside it when the store keeps keys outside
 * its records. O(1) per record.
 */
export function checkRecord(store: string, value: unknown, inbound: boolean, key: unknown): string | null {
  if (!isObj(value)) return `a "${store}" record is not an object`;
  switch (store) {
    case 'groups':
      return isId(value.id) && isStr(value.title) ? null : 'a group needs an id and a title';
    case 'feeds':
      if (!(isId(value.id) && isStr(value.url) && isNum(value.groupId) && isStr(value.title)))
        return 'a feed needs an id, a url, a title and a group';
      return isLanguage(value.language) ? null : 'a feed’s language is not a language tag';
    case 'items':
      if (!(
        isId(value.id) &&
        isId(value.feedId) &&
        isStr(value.dedupeKey) &&
        isNum(value.pubDate) &&
        isNum(value.flags) &&
        isStr(value.title)
      ))
        return 'an item needs an id, a feed, a dedupe key, a date, flags and a title';
      return isLanguage(value.language) ? null : 'an item’s language is not a language tag';
    case 'highlights':
      return isId(value.id) &&
        isId(value.itemId) &&
        isStr(value.color) &&
        isStr(value.note) &&
        isObj(value.quote) &&
        isStr(value.quote.exact) &&
        isObj(value.position)
        ? isLanguage(value.language)
          ? null
          : 'a highlight’s language is not a language tag'
        : 'a highlight needs an id, an article, a colour, a note, a quote and a position';
    case 'meta':
      return isStr(value.key) ? null : 'a meta entry needs a key';
    default:
      if (inbound) return null;
      return key === undefined || key === null ? `a "${store}" record has no key` : null;
  }
}
