/**
 * Warnings about a query that runs but probably does not say what its writer meant. They cross
 * the worker boundary as a code with its parameters, and the UI words them in its languages
 * (src/filters/queryWords.ts); `warningMessage` words them in English for the console and the
 * query CLI only.
 */

/** A warning of `query.check` / `query.run`: `code` says which, the rest are its parameters. */
export type QueryWarning =
  /** A field the language does not have: null for every article. `suggestions`: near names, best first. */
  | { code: 'unknown_field'; field: string; suggestions: string[] }
  /**
   * `feed` or `group` used as a value (`feed = 'Toots'`): they are the article's feed or group,
   * whose fields are values. `suggestions`: what to write instead, best first (`feed.title`).
   */
  | { code: 'object_field'; field: string; object: 'feed' | 'group'; suggestions: string[] }
  /** `"" = 'x'`: the condition matches no article. */
  | { code: 'empty_field' }
  /** A BETWEEN of the wrong shape, read as BETWEEN 0 AND 0. `text`: what followed BETWEEN. */
  | { code: 'bad_between'; field: string; text: string }
  /** `%` or `_` in a LIKE pattern, which are ordinary characters here. `bare`: the pattern without its edge `%`s, when that is what was meant. */
  | { code: 'like_wildcards'; field: string; pattern: string; bare: string | null }
  /**
   * A number field compared with text that is not a number (compared as text, so it matches
   * nothing useful). `hint`: 'number' (write a number), 'date' (the text is a date: write
   * UNIX_TIMESTAMP('…')), 'ago' (write DATE_SUB(NOW(), INTERVAL 1 DAY)).
   */
  | { code: 'number_as_text'; field: string; text: string; hint: 'number' | 'date' | 'ago' }
  /** A date string UNIX_TIMESTAMP or DATE_SUB cannot read: it is null. */
  | { code: 'invalid_date'; text: string }
  /** A condition node the evaluators do not know (a stored query from elsewhere): it matches no article. */
  | { code: 'undefined_condition' }
  // Found while the query runs (values are worked out then), so `query.run`/`check` only:
  /** A time value that is neither a number nor a date (`UNIX_TIMESTAMP(true)`): it is null. */
  | { code: 'invalid_time'; text: string }
  /** A value node the evaluators do not know (a stored query from elsewhere): it is null. */
  | { code: 'undefined_value' }
  /** `description` where no article text can be read (a source without it): it is null for every article. */
  | { code: 'no_descriptions' };

/** Warning text for a malformed BETWEEN (kept stable: tests and users search for it). */
export const BAD_BETWEEN = 'BETWEEN syntax or format error';

const orList = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;

/** The warning in English, for console.warn and the query CLI (the app words it itself). */
export function warningMessage(w: QueryWarning): string {
  switch (w.code) {
    case 'unknown_field':
      return (
        `Unknown field '${w.field}': it is null for every item` +
        (w.suggestions.length ? `; did you mean ${orList(w.suggestions)}?` : '')
      );
    case 'object_field':
      return (
        `'${w.field}' is the article's ${w.object}, not a value: write ${w.suggestions[0] ?? ''}` +
        (w.suggestions.length > 1 ? ` (or ${w.suggestions.slice(1).join(', ')})` : '')
      );
    case 'empty_field':
      return 'Empty field name: the condition matches no item';
    case 'bad_between':
      return `${BAD_BETWEEN}: '${w.field} BETWEEN ${w.text}' is read as BETWEEN 0 AND 0`;
    case 'like_wildcards':
      return (
        `% and _ are ordinary characters in LIKE (it already means "contains"): ` +
        `${w.field} LIKE '${w.pattern}' looks for "${w.pattern}" itself` +
        (w.bare ? `; for text containing "${w.bare}", write '${w.bare}'` : '')
      );
    case 'number_as_text': {
      const as = w.hint === 'number' ? 'number' : 'date';
      const hint =
        w.hint === 'number'
          ? `${w.field} is a number`
          : w.hint === 'date'
            ? `for that date write UNIX_TIMESTAMP('${w.text}')`
            : 'for a time ago write DATE_SUB(NOW(), INTERVAL 1 DAY) (DAY, WEEK, MONTH or YEAR)';
      return `${w.field} is compared with the text '${w.text}' as text, not as a ${as}: ${hint}`;
    }
    case 'invalid_date':
      return `Invalid date '${w.text}' (expected YYYY-MM-DD or an ISO 8601 date-time): it is null`;
    case 'undefined_condition':
      return 'Undefined condition: it matches no item';
    case 'invalid_time':
      return `Invalid time value ${w.text}: it is null`;
    case 'undefined_value':
      return 'Undefined value expression: it is null';
    case 'no_descriptions':
      return 'Descriptions are not available here: description is null for every item';
  }
}

/** A key that is the same for equal warnings (to say each once). */
export const warningKey = (w: QueryWarning): string => JSON.stringify(w);
