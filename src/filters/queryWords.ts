import type { QueryErrorReason, QueryExpected, QueryWarning } from '../../worker/types';
import { getLanguage, t } from '../i18n';

/**
 * The filter language's errors and warnings in the language in effect. The engine sends codes
 * and parameters (worker/query/language/warnings.ts, parse.ts); field names, keywords and the
 * query's own text stay as written, since they are the language, not English.
 */

/** "a, b or c" in the language in effect. */
export function orList(words: readonly string[]): string {
  return new Intl.ListFormat(getLanguage(), { type: 'disjunction' }).format(words);
}

/** Sentences one after another: a space between them in English, none after Chinese punctuation. */
function sentences(...parts: string[]): string {
  return parts.join(getLanguage() === 'zh-CN' ? '' : ' ');
}

/** One thing the parser would have accepted: a keyword or punctuation as written, else its kind in words. */
export function expectedText(e: QueryExpected, alone = false): string {
  if ('token' in e) return e.token;
  return t(`filter.words.kinds.${e.kind === 'operator' && alone ? 'operators' : e.kind}`);
}

/** The parts of a syntax error the app words: where, what was expected, around what. */
export interface SyntaxParts {
  position: { line: number; column: number };
  expected: readonly QueryExpected[];
  before?: string;
  found?: string;
}

/** Whether `details` carries the parts `syntaxText` words (an engine from before them does not). */
export function syntaxPartsOf(details: unknown): SyntaxParts | null {
  const d = details as Partial<SyntaxParts> | null | undefined;
  const p = d?.position;
  if (!p || typeof p.line !== 'number' || !Array.isArray(d.expected) || !d.expected.length) return null;
  if (typeof d.found !== 'string') return null;
  if (!d.expected.every((e) => typeof e === 'object' && e !== null)) return null;
  return d as SyntaxParts;
}

/** "Expected a value after '=' at line 1, column 9 (found the end of the query)", in the language in effect. */
export function syntaxText(parts: SyntaxParts): string {
  const { line, column } = parts.position;
  const expected = orList(parts.expected.map((e) => expectedText(e, parts.expected.length === 1)));
  const where = parts.before
    ? t('filter.words.expectedAfter', { expected, before: parts.before, line, column })
    : t('filter.words.expectedAt', { expected, line, column });
  const found = parts.found ? t('filter.words.found', { found: parts.found }) : t('filter.words.foundEnd');
  return sentences(where, found);
}

/** The parts of an error the parser gave no expected list for: where, and its reason. */
export interface ReasonParts {
  position: { line: number; column: number };
  reason: QueryErrorReason;
}

const REASONS = new Set(['unterminated_string', 'too_deep', 'too_long']);

/** Whether `details` carries a reason this page words (an older engine's or a newer code does not). */
export function reasonPartsOf(details: unknown): ReasonParts | null {
  const d = details as Partial<ReasonParts> | null | undefined;
  const p = d?.position;
  const r = d?.reason as { code?: unknown } | undefined;
  if (!p || typeof p.line !== 'number' || typeof p.column !== 'number') return null;
  if (!r || typeof r.code !== 'string' || !REASONS.has(r.code)) return null;
  return d as ReasonParts;
}

/** "Unterminated string at line 1, column 9: the closing ' is missing.", in the language in effect. */
export function reasonText({ position: { line, column }, reason }: ReasonParts): string {
  switch (reason.code) {
    case 'unterminated_string':
      return t('filter.words.unterminatedString', { line, column, quote: reason.quote });
    case 'too_deep':
      return t('filter.words.tooDeep');
    case 'too_long':
      return t('filter.words.tooLong', { length: reason.length, max: reason.max, line, column });
  }
}

/** A warning from `query.check` or `query.run` (parsing's and running's) in the language in effect. */
export function warningText(w: QueryWarning): string {
  switch (w.code) {
    case 'unknown_field': {
      const unknown = t('filter.words.unknownField', { field: w.field });
      if (!w.suggestions.length) return unknown;
      return sentences(unknown, t('filter.words.didYouMean', { fields: orList(w.suggestions) }));
    }
    case 'object_field':
      return t(w.object === 'feed' ? 'filter.words.objectFeed' : 'filter.words.objectGroup', {
        field: w.field,
        fields: orList(w.suggestions),
      });
    case 'empty_field':
      return t('filter.words.emptyField');
    case 'bad_between':
      return t('filter.words.badBetween', { field: w.field, text: w.text });
    case 'like_wildcards': {
      const said = t('filter.words.likeWildcards', { field: w.field, pattern: w.pattern });
      return w.bare ? sentences(said, t('filter.words.likeBare', { bare: w.bare })) : said;
    }
    case 'number_as_text':
      return t(
        `filter.words.${w.hint === 'number' ? 'numberText' : w.hint === 'date' ? 'dateText' : 'agoText'}`,
        {
          field: w.field,
          text: w.text,
        },
      );
    case 'invalid_date':
      return t('filter.words.invalidDate', { text: w.text });
    case 'undefined_condition':
      return t('filter.words.undefinedCondition');
    case 'invalid_time':
      return t('filter.words.invalidTime', { text: w.text });
    case 'undefined_value':
      return t('filter.words.undefinedValue');
    case 'no_descriptions':
      return t('filter.words.noDescriptions');
    default:
      // A code from a newer engine in another tab: its code is all there is to show.
      return (w as { code: string }).code;
  }
}
