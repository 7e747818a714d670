import { type Language, isPlural } from './types';

/** A dictionary as seen at run time: nested areas whose leaves are strings or plural forms. */
export type Dictionary = { readonly [key: string]: unknown };

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** The language's plural rules, built once (construction is the costly part). */
export function pluralRulesFor(lang: Language): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

/** The language's default number format, built once. */
export function numberFormatFor(lang: Language): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format;
}

/** The node at a dotted path, or undefined when any step is missing. */
export function lookup(dict: Dictionary, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || isPlural(node)) return undefined;
    node = (node as Dictionary)[part];
  }
  return node;
}

/**
 * Splits a template at its `{name}` placeholders: literal text stays text, a placeholder becomes
 * its value (numbers formatted for `lang`, other values passed through untouched so callers may
 * put React nodes there). A placeholder without a value stays as written, so the gap is visible.
 */
export function interpolateParts<V>(
  template: string,
  params: Readonly<Record<string, V>> | undefined,
  lang: Language,
): (string | V)[] {
  const parts: (string | V)[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const name = m[1] ?? '';
    if (!params || !Object.hasOwn(params, name)) continue;
    if (m.index > last) parts.push(template.slice(last, m.index));
    const value = params[name] as V;
    parts.push(typeof value === 'number' ? numberFormatFor(lang).format(value) : value);
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

/**
 * The template for `key` in `lang`: plural forms are resolved with `Intl.PluralRules` from
 * `params.count` (the `other` form when count is missing or no form matches the category).
 * Falls back to `fallback` (English), then to the key itself, so a missing entry shows its key
 * rather than nothing.
 */
export function template(
  dicts: { primary: Dictionary; fallback: Dictionary },
  lang: Language,
  key: string,
  params?: Readonly<Record<string, unknown>>,
): string {
  let node = lookup(dicts.primary, key);
  if (typeof node !== 'string' && !isPlural(node)) node = lookup(dicts.fallback, key);
  if (typeof node === 'string') return node;
  if (!isPlural(node)) return key;
  const count = params?.count;
  if (typeof count !== 'number') return node.other;
  return node[pluralRulesFor(lang).select(count)] ?? node.other;
}

/** `template` then `interpolateParts`, joined: the finished string. */
export function translate(
  dicts: { primary: Dictionary; fallback: Dictionary },
  lang: Language,
  key: string,
  params?: Readonly<Record<string, string | number>>,
): string {
  return interpolateParts(template(dicts, lang, key, params), params, lang).join('');
}
