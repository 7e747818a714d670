/**
 * Renaming a tag inside filter queries (grammar/filter.peggy), so a saved filter or a rule that
 * named the old tag names the new one. Used by the UI (saved filters live in its settings) and
 * the engine (rules live in its meta store), so both rewrite a query the same way and a rule
 * keeps the same query as the saved filter it belongs to.
 *
 * The query text is rewritten in place, not parsed and printed again: only the names change,
 * and the person's spacing, case and quotes stay as written. A name counts where the `tags`
 * field is compared with it for (in)equality: `tags = 'x'`, `tags != 'x'` (also `==`, `<>`)
 * and `tags [NOT] IN ('x', …)`. Names compare ignoring case, as the language does.
 *
 * LIKE finds tags whose name holds the pattern (`%` and `_` are plain characters in this
 * language). A pattern that is the whole old name (`tags LIKE 'ai'`) was written for that tag:
 * it is rewritten, or the renamed tag would drop out of what it finds. So is a whole name in SQL
 * habit's `%…%` (`tags LIKE '%ai%'`, which finds only names holding the percent signs): the signs
 * stay and the name between them changes. A pattern that is only a part of the name
 * (`tags LIKE 'a'`) stands for every tag holding that part, not for this one, and is left alone,
 * as are `<` and `>`, which compare names in order.
 */

/** One token of a query: a quoted string (with its value), a word, an operator or one character. */
interface Token {
  kind: 'string' | 'word' | 'op' | 'other';
  start: number;
  end: number;
  /** The string's value (escapes resolved) or the word's text. */
  value: string;
  /** The string's quote character. */
  quote?: string;
  /** False for a string whose closing quote is missing (the query does not parse). */
  closed?: boolean;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', 0: '\0' };
const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)/y;
const OP = /<=|>=|<>|!=|==|=|<|>/y;

/** The tokens of `text`, as the grammar reads them (an unterminated string runs to the end). */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length; j++) {
        const d = text[j]!;
        if (d === c) {
          // A doubled quote is one quote inside the string.
          if (text[j + 1] !== c) break;
          value += c;
          j++;
        } else if (d === '\\' && j + 1 < text.length) {
          const e = text[++j]!;
          value += ESCAPES[e] ?? e;
        } else value += d;
      }
      const closed = j < text.length;
      const end = closed ? j + 1 : text.length;
      out.push({ kind: 'string', start: i, end, value, quote: c, closed });
      i = end;
      continue;
    }
    const match = [WORD, NUMBER, OP].find((re) => {
      re.lastIndex = i;
      return re.test(text);
    });
    const end = match ? match.lastIndex : i + 1;
    const kind = match === WORD ? 'word' : match === OP ? 'op' : 'other';
    out.push({ kind, start: i, end, value: text.slice(i, end) });
    i = end;
  }
  return out;
}

const isWord = (t: Token | undefined, word: string): boolean =>
  t?.kind === 'word' && t.value.toLowerCase() === word;

/** `name` as a string literal in `quote`, escaped as the grammar reads it back. */
export function quoteName(name: string, quote = "'"): string {
  return quote + name.replace(/\\/g, '\\\\').replaceAll(quote, quote + quote) + quote;
}

/** A string literal of a query that names a tag, with the `%` signs around the name in a LIKE pattern. */
export interface TagNameSpan {
  start: number;
  end: number;
  quote: string;
  before: string;
  after: string;
}

/**
 * The spans of `text` (string literals) that name tag `name` (ignoring case) as the file
 * comment says, in order.
 */
export function tagNameSpans(text: string, name: string): TagNameSpan[] {
  const wanted = name.toLowerCase();
  const list = tokens(text);
  const spans: TagNameSpan[] = [];
  const take = (t: Token | undefined) => {
    if (t?.kind === 'string' && t.closed && t.value.toLowerCase() === wanted)
      spans.push({ start: t.start, end: t.end, quote: t.quote!, before: '', after: '' });
  };
  // A LIKE pattern: the whole name, bare or between the `%` signs SQL habit puts around it.
  const takePattern = (t: Token | undefined) => {
    if (t?.kind !== 'string' || !t.closed) return;
    const m = /^(%*)([\s\S]*?)(%*)$/.exec(t.value)!;
    if (m[2]!.toLowerCase() === wanted)
      spans.push({ start: t.start, end: t.end, quote: t.quote!, before: m[1]!, after: m[3]! });
  };
  for (let i = 0; i < list.length; i++) {
    const field = list[i]!;
    // The field, as a word or quoted (`"tags" = 'x'`): a string is a field only before an
    // operator, since a value is never followed by one.
    const isTags = field.value.toLowerCase() === 'tags' && (field.kind === 'word' || field.kind === 'string');
    if (!isTags) continue;
    let at = i + 1;
    const op = list[at];
    if (op?.kind === 'op') {
      if (op.value === '=' || op.value === '==' || op.value === '!=' || op.value === '<>') take(list[at + 1]);
      continue;
    }
    if (isWord(op, 'not')) at++;
    if (isWord(list[at], 'like')) {
      takePattern(list[at + 1]);
      continue;
    }
    if (!isWord(list[at], 'in') || list[at + 1]?.value !== '(') continue;
    // The list: values and commas up to the closing parenthesis.
    for (at += 2; at < list.length && list[at]!.value !== ')'; at++) take(list[at]);
    i = at;
  }
  return spans;
}

/**
 * `query` with every place that names tag `from` (ignoring case) naming `to` instead, in the
 * same quotes. The same text when none does.
 */
export function renameTagInQuery(query: string, from: string, to: string): string {
  let out = query;
  // From the end, so the earlier spans keep their offsets.
  for (const span of tagNameSpans(query, from).reverse())
    out =
      out.slice(0, span.start) + quoteName(span.before + to + span.after, span.quote) + out.slice(span.end);
  return out;
}
