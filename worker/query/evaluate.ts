/**
 * Filter text → the full ordered list of matching rows, with a parse cache and a results
 * cache keyed by everything a result depends on (index version, feeds/groups version, text
 * store version, the current second for NOW() queries). Tag definition changes count as a
 * feeds/groups change (they rename what `tags` compares).
 */
import type { EngineContext } from '../engineContext';
import type { Condition, QueryAst } from './language/ast';
import { resolveField, type FieldKey } from './language/fields';
import { parseQuery, type ParseResult, type QueryError } from './language/parse';
import { runAllRows } from './language/plan';
import type { MatchRows } from './matchRows';
import type { QuerySource } from './language/source';
import { usesNow } from './language/validate';
import type { QueryWarning } from './language/warnings';
import type { TextIndex } from '../search/textIndex';
import { readText } from '../search/textLoss';
import { StoreDescriptionSource } from './descriptionSource';
import { readTags } from '../tags/tags';

/** A small LRU map. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }
}

/**
 * A query's answer: every match as the index's row numbers, in result order (matchRows.ts: a
 * group's is merged only as far as it is read), good while the index's `numbering` is
 * `numbering` (rowList.ts reads them as ids).
 */
export type Evaluated =
  | { ok: true; rows: MatchRows; numbering: number | undefined; warnings: QueryWarning[]; ast: QueryAst }
  | { ok: false; error: QueryError };

/** The rows of a query's answer and the index numbering they are of. */
interface Answer {
  rows: MatchRows;
  numbering: number | undefined;
}

function condMentionsDescription(c: Condition): boolean {
  if (c.type === 'and' || c.type === 'or') return c.conditions.some(condMentionsDescription);
  if (c.type === 'not') return condMentionsDescription(c.condition);
  return resolveField(c.field) === 'description';
}

/** Whether running the query reads description text. */
export function needsText(ast: QueryAst): boolean {
  return (
    (ast.where !== null && condMentionsDescription(ast.where)) ||
    (ast.orderBy !== null && resolveField(ast.orderBy.field) === 'description')
  );
}

// Fields answered from the index's text columns or the text store, not its number columns.
const TEXT_FIELDS = new Set<FieldKey | null>(['guid', 'title', 'author', 'link', 'enclosure', 'description']);

function condReadsText(c: Condition): boolean {
  if (c.type === 'and' || c.type === 'or') return c.conditions.some(condReadsText);
  if (c.type === 'not') return condReadsText(c.condition);
  return TEXT_FIELDS.has(resolveField(c.field));
}

/**
 * Whether filter text names a field the index keeps as text (title, author, link, enclosure,
 * guid) or the text store holds (description), in its condition or its order. False for text
 * that does not parse (its error needs no index). During a cold start the rest is answered as
 * soon as the index's number columns are in (index/indexGate.ts).
 */
export function readsIndexText(text: string): boolean {
  const parsed = parseQuery(text);
  if (!parsed.ok) return false;
  const { where, orderBy } = parsed.query;
  return (
    (where !== null && condReadsText(where)) ||
    (orderBy !== null && TEXT_FIELDS.has(resolveField(orderBy.field)))
  );
}

const UNREAD: Condition = {
  type: 'compare',
  field: 'isRead',
  op: '=',
  value: { type: 'literal', value: false },
};

/** The query restricted to unread items (LIMIT then applies to the unread ones). */
export function unreadOnly(ast: QueryAst): QueryAst {
  return { ...ast, where: ast.where ? { type: 'and', conditions: [ast.where, UNREAD] } : UNREAD };
}

/** Evaluates filter text over the engine's index; one per engine. */
export class QueryEvaluator {
  private readonly parses = new Lru<ParseResult>(64);
  private readonly results = new Lru<Answer>(12);
  private readonly runWarnings = new Lru<QueryWarning[]>(12);
  private feedsVersion = 0;
  // Tag names by id, reloaded from meta on the first run after a tags change. `tagsVersion`
  // counts tags-changed events; the names are current when `tagsLoaded` equals it. Runs that
  // arrive while the names load wait for that one read (a flag cleared before the read let a
  // second run match against no names and cache 0).
  private readonly tagNames = new Map<number, string>();
  private tagsVersion = 0;
  private tagsLoaded = -1;
  private tagsLoading: { version: number; done: Promise<void> } | null = null;
  readonly source: QuerySource;

  constructor(
    private readonly ctx: EngineContext,
    private readonly text: TextIndex,
  ) {
    this.source = {
      index: ctx.index,
      feeds: ctx.feedCache,
      groups: ctx.groupCache,
      // Until the text index is ready its search index may still be loading.
      description: new StoreDescriptionSource(ctx.index, text.store, () => (text.ready ? text.search : null)),
      now: ctx.now,
      tagNames: this.tagNames,
    };
    ctx.events.on((event) => {
      if (event.type === 'feeds-changed' || event.type === 'groups-changed') this.feedsVersion++;
      if (event.type === 'tags-changed') {
        this.feedsVersion++;
        this.tagsVersion++;
      }
    });
  }

  /** Parses `text` (cached). Never throws. */
  parse(text: string): ParseResult {
    let parsed = this.parses.get(text);
    if (!parsed) {
      parsed = parseQuery(text);
      this.parses.set(text, parsed);
    }
    return parsed;
  }

  /**
   * Every matching row in result order (LIMIT applied), or the parse error. Waits for the text
   * store only when the query reads descriptions. Cost: a cache hit is O(1); a miss is one
   * planAndRun collecting all matches.
   */
  async evaluate(text: string, unread = false): Promise<Evaluated> {
    const parsed = this.parse(text);
    if (!parsed.ok) return parsed;
    const ast = unread ? unreadOnly(parsed.query) : parsed.query;
    const run = async () => {
      // Rows of the index's numbering now: a load or compaction landing between the run and here
      // (another task's continuation while the tag names or the text store were awaited)
      // renumbers them, so the query runs again.
      for (;;) {
        const ran = await this.run(ast, text, unread);
        if (ran.answer.numbering === this.ctx.index.numbering) return ran;
      }
    };
    // A query that reads descriptions reads the text store: `readText` waits for it, and asks again
    // after a lost chunk file's rebuild (textLoss.ts); only the answer it keeps is cached.
    const { key, answer, found } = needsText(ast)
      ? await readText(this.text, run, () => this.text.freshText())
      : await run();
    this.results.set(key, answer);
    this.runWarnings.set(key, found);
    return { ok: true, ...answer, warnings: [...parsed.warnings, ...found], ast };
  }

  // The query's rows, from the results cache or one run, and the cache key they belong to.
  // `found`: the warnings found while running (kept with the cached ids, as a cache hit runs nothing).
  private async run(
    ast: QueryAst,
    text: string,
    unread: boolean,
  ): Promise<{ key: string; answer: Answer; found: QueryWarning[] }> {
    await this.currentTagNames();
    const key = [
      this.ctx.index.version,
      this.feedsVersion,
      this.text.store.version,
      usesNow(ast) ? Math.floor(this.ctx.now()) : '',
      unread ? 1 : 0,
      text,
    ].join('\u0000');
    // The version changes with every renumbering, so a cached answer's rows are still good.
    const cached = this.results.get(key);
    if (cached) return { key, answer: cached, found: this.runWarnings.get(key) ?? [] };
    const found: QueryWarning[] = [];
    const numbering = this.ctx.index.numbering;
    return { key, answer: { rows: runAllRows(ast, this.source, found), numbering }, found };
  }

  /**
   * Resolves once `tagNames` (in `source`) holds the names of the latest tags change: one meta
   * read shared by every run waiting for it; a change during the read starts another. A failed
   * read rejects every waiter and is tried again by the next run. Runs call it; so must anyone
   * compiling a matcher over `source` (the rules), or `tags` conditions match no name.
   */
  async currentTagNames(): Promise<void> {
    while (this.tagsLoaded !== this.tagsVersion) {
      const version = this.tagsVersion;
      if (this.tagsLoading?.version !== version) {
        const done = readTags(this.ctx).then(
          ({ tags }) => {
            if (this.tagsVersion !== version) return;
            this.tagNames.clear();
            for (const tag of tags) this.tagNames.set(tag.id, tag.name);
            this.tagsLoaded = version;
          },
          (err: unknown) => {
            if (this.tagsLoading?.done === done) this.tagsLoading = null;
            throw err;
          },
        );
        this.tagsLoading = { version, done };
      }
      await this.tagsLoading.done;
    }
  }
}
