/**
 * Article languages: what a feed declares (RSS `<language>`, `dc:language`, `xml:lang`, JSON
 * Feed `language`) as a BCP 47 tag the engine stores (`normalizeLanguage`), and the text
 * direction the UI gives text in that language (`textDirection`). Both answer from a small memo:
 * feeds repeat the same few values, and a list asks for the direction of every row it draws.
 */

// A language subtag of 2–3 letters (ISO 639; the 4–8 letter forms BCP 47 allows are words
// such as "english" in practice), then subtags of 1–8 letters or digits.
const TAG_SHAPE = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;
// Tags that name no language a reader can use: undetermined, multiple, uncoded, no content.
const NO_LANGUAGE = new Set(['und', 'mul', 'mis', 'zxx']);
// Scripts written right to left (Unicode's Bidi_Class R/AL scripts with a living use, and the
// historic ones a feed could still name).
// prettier-ignore
const RTL_SCRIPTS = new Set([
  'Adlm', 'Arab', 'Aran', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi',
  'Armi', 'Avst', 'Chrs', 'Cprt', 'Elym', 'Hatr', 'Khar', 'Lydi', 'Mani', 'Narb', 'Nbat', 'Ougr',
  'Palm', 'Phli', 'Phlp', 'Phnx', 'Prti', 'Sarb', 'Sogd', 'Sogo',
]);

const MEMO_SIZE = 256;
const normalized = new Map<string, string>();
const directions = new Map<string, 'rtl' | 'auto'>();

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, value);
  return value;
}

function canonical(raw: string): string {
  // The first of a list ("en-us, fr"), POSIX spellings ("zh_CN", "fr_FR.UTF-8", "de_DE@euro").
  const tag = raw
    .trim()
    .split(/[\s,;]/, 1)[0]!
    .replace(/[.@].*$/, '')
    .replace(/_/g, '-');
  if (tag.length > 64 || !TAG_SHAPE.test(tag)) return '';
  try {
    // Canonical case and aliases ("en-us" → "en-US", "iw" → "he"); extensions and private use
    // subtags ("-u-ca-gregory") dropped, as they say nothing about the text.
    const base = new Intl.Locale(Intl.getCanonicalLocales(tag)[0]!).baseName;
    return NO_LANGUAGE.has(base.split('-', 1)[0]!) ? '' : base;
  } catch {
    return '';
  }
}

/**
 * A declared language as a canonical BCP 47 tag ("en-us" → "en-US", "zh_CN" → "zh-CN"), or ''
 * when `raw` is no language tag (not a string, empty, "English", "x-klingon", "und", …).
 */
export function normalizeLanguage(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') return '';
  return normalized.get(raw) ?? remember(normalized, raw, canonical(raw));
}

/**
 * The `dir` for text in language `tag` (a tag `normalizeLanguage` made, or ''): 'rtl' when
 * the language is written right to left (Arabic, Hebrew, Persian, Urdu, …), else 'auto', so
 * the text still runs the way its first strong character says (a feed that declares English by
 * default and publishes Arabic keeps reading right).
 */
export function textDirection(tag: string): 'rtl' | 'auto' {
  if (!tag) return 'auto';
  const known = directions.get(tag);
  if (known) return known;
  let script: string | undefined;
  try {
    script = new Intl.Locale(tag).maximize().script;
  } catch {
    script = undefined;
  }
  return remember(directions, tag, script && RTL_SCRIPTS.has(script) ? 'rtl' : 'auto');
}
