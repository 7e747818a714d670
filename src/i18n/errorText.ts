import { getLanguage, t, type TKey } from './index';
import { engineErrorsEn } from './areas/engineErrors.en';
import { reasonPartsOf, reasonText, syntaxPartsOf, syntaxText } from '../filters/queryWords';

interface Coded {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  position?: unknown;
}

function positionOf(e: Coded): { line: number; column: number } | null {
  const fromDetails = (e.details as { position?: unknown } | undefined)?.position;
  const p = (fromDetails ?? e.position) as { line?: unknown; column?: unknown } | undefined;
  return typeof p?.line === 'number' && typeof p.column === 'number'
    ? { line: p.line, column: p.column }
    : null;
}

/**
 * What to show people for an error from the engine (or the companion server). A query syntax
 * error that says what was expected where is worded here, in every language
 * (src/filters/queryWords.ts). Otherwise, in English this is the engine's own message, which is
 * the most specific; in other languages a known error code becomes its translation (query syntax
 * errors keep their position), and an unknown code falls back to the message. Never throws.
 */
export function errorText(err: unknown): string {
  const e: Coded = typeof err === 'object' && err !== null ? err : {};
  const message = typeof e.message === 'string' ? e.message : String(err);
  const code = typeof e.code === 'string' ? e.code : '';
  // A rule's query that does not parse is a `bad_query` with the same parts.
  const syntax = code === 'query_syntax' || code === 'bad_query' ? syntaxPartsOf(e.details ?? e) : null;
  if (syntax) return syntaxText(syntax);
  // One the parser gave no expected list for (an unterminated string, too deep, too long).
  const query = code === 'query_syntax' || code === 'query_too_long' || code === 'bad_query';
  const reason = query ? reasonPartsOf(e.details ?? e) : null;
  if (reason) return reasonText(reason);
  if (getLanguage() === 'en') return message;
  if (code === 'query_syntax') {
    const at = positionOf(e);
    return at ? t('engineErrors.querySyntax', at) : message;
  }
  if (Object.hasOwn(engineErrorsEn, code)) return t(`engineErrors.${code}` as TKey);
  return message;
}
