/**
 * A third opinion on the filter language's `tags` field (worker/query/language/tagsField.ts): the same conditions answered by SQLite (WASM, in memory)
 * over an items table, a tags table and an item_tags join table, for the differential test.
 *
 * Each form's SQL equivalent (see tagsField.ts for the semantics):
 * - `tags = 'x'`        EXISTS (a tag of the item whose name is 'x')
 * - `tags = null`       NOT EXISTS (any tag of the item)
 * - `tags != v`         NOT (`tags = v`)
 * - `tags < 'x'` etc.   EXISTS (a tag with name < 'x'); false when the value is null
 * - `tags IN (…)`       EXISTS (a tag named one of the non-null values) OR (null listed AND untagged)
 * - `tags NOT IN (…)`   NOT (`tags IN (…)`)
 * - `tags LIKE 'x'`     EXISTS (a tag whose name contains 'x'); LIKE '' / null: every item
 * - `tags BETWEEN a AND b`  EXISTS (a tag with a <= name <= b); false when a bound is null
 * Names compare lower-cased. SQLite's lower() folds ASCII only, so the lower-cased name is a
 * column filled from JavaScript and the constants are lower-cased here. Only string and null
 * constants are translated (the language's number/string mixing is outside this test).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Condition, ValueExpr } from '../query/language/ast';

/** The smallest slice of the sqlite-wasm `oo1.DB` the test uses. */
export interface SqlDb {
  exec(sql: string, opts?: { bind?: unknown[] }): void;
  selectValues(sql: string, bind?: unknown[]): unknown[];
  close(): void;
}

/** Opens an in-memory SQLite (the sqlite-wasm build run under Node). */
export async function openSqlite(): Promise<SqlDb> {
  // The bundler build reads `self.location`; Node has neither. The wasm is handed over directly.
  const g = globalThis as { self?: unknown; location?: unknown };
  g.self ??= globalThis;
  g.location ??= new URL('file:///sqlite/index.html');
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@sqlite.org/sqlite-wasm/package.json');
  const wasm = readFileSync(new URL('./sqlite-wasm/jswasm/sqlite3.wasm', `file://${pkg}`));
  const { default: init } = (await import('@sqlite.org/sqlite-wasm')) as unknown as {
    default: (opts: object) => Promise<{ oo1: { DB: new (name: string) => SqlDb } }>;
  };
  const sqlite3 = await init({
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (
      imports: WebAssembly.Imports,
      done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void,
    ) => {
      void WebAssembly.instantiate(wasm, imports).then((r) => done(r.instance, r.module));
      return {};
    },
  });
  return new sqlite3.oo1.DB(':memory:');
}

/** Creates and fills the tables: items(id, pubDate), tags(id, name_lower), item_tags(item_id, tag_id). */
export function loadTagTables(
  db: SqlDb,
  items: { id: number; pubDate: number; tags: number[] }[],
  tags: Map<number, string>,
): void {
  db.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, pubDate REAL NOT NULL);
    CREATE TABLE tags (id INTEGER PRIMARY KEY, name_lower TEXT NOT NULL);
    CREATE TABLE item_tags (item_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (item_id, tag_id));`);
  for (const [id, name] of tags)
    db.exec('INSERT INTO tags VALUES (?, ?)', { bind: [id, name.toLowerCase()] });
  for (const item of items) {
    db.exec('INSERT INTO items VALUES (?, ?)', { bind: [item.id, item.pubDate] });
    for (const tag of item.tags) db.exec('INSERT INTO item_tags VALUES (?, ?)', { bind: [item.id, tag] });
  }
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

function lit(e: ValueExpr): string | null {
  if (e.type !== 'literal') throw new Error('only literal values are translated');
  const v = e.value;
  if (v === null || v === '') return null;
  if (typeof v !== 'string') throw new Error('only string and null values are translated');
  return v.toLowerCase();
}

const some = (where: string) =>
  `EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id AND ${where})`;
const UNTAGGED = 'NOT EXISTS (SELECT 1 FROM item_tags it WHERE it.item_id = i.id)';

/** The SQL WHERE of a condition on `tags` (and/or/not of such), over `items i`. */
export function tagsToSql(c: Condition): string {
  switch (c.type) {
    case 'and':
    case 'or':
      return `(${c.conditions.map(tagsToSql).join(c.type === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `(NOT ${tagsToSql(c.condition)})`;
    case 'compare': {
      const v = lit(c.value);
      if (c.op === '=' || c.op === '!=') {
        const eq = v === null ? UNTAGGED : some(`t.name_lower = ${q(v)}`);
        return c.op === '=' ? eq : `(NOT ${eq})`;
      }
      return v === null ? '0' : some(`t.name_lower ${c.op} ${q(v)}`);
    }
    case 'in': {
      const vals = c.values.map(lit);
      const named = vals.filter((v): v is string => v !== null);
      const parts = [named.length ? some(`t.name_lower IN (${named.map(q).join(', ')})`) : '0'];
      if (vals.includes(null)) parts.push(UNTAGGED);
      const any = `(${parts.join(' OR ')})`;
      return c.negated ? `(NOT ${any})` : any;
    }
    case 'like': {
      const v = lit(c.value);
      const any = v === null ? '1' : some(`instr(t.name_lower, ${q(v)}) > 0`);
      return c.negated ? `(NOT ${any})` : any;
    }
    case 'between': {
      const lo = lit(c.low);
      const hi = lit(c.high);
      return lo === null || hi === null ? '0' : some(`t.name_lower BETWEEN ${q(lo)} AND ${q(hi)}`);
    }
    default:
      throw new Error(`not translated: ${c.type}`);
  }
}

/** Ids matching a tags condition, in the default order (pubDate desc, id desc). */
export function sqlTagIds(db: SqlDb, c: Condition | null): number[] {
  const where = c ? ` WHERE ${tagsToSql(c)}` : '';
  return db.selectValues(`SELECT i.id FROM items i${where} ORDER BY i.pubDate DESC, i.id DESC`).map(Number);
}
