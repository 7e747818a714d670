/**
 * The SQLite WASM anchor, in its own worker: the same corpus rows in an in-memory database with
 * the indexes a hand-written SQL app would add, the engine's queries translated to SQL, and a
 * copy in OPFS for the cold-start comparison.
 */
import * as Comlink from 'comlink';
import sqlite3InitModule, { type Sqlite3, type Sqlite3Db } from '@sqlite.org/sqlite-wasm';
import {
  FEED_COUNT,
  GROUP_COUNT,
  feedItems,
  feedTitle,
  groupOfFeed,
  groupTitle,
  type CorpusSpec,
} from '../corpus';

const OPFS_FILE = '/rivulet-bench.sqlite3';
/** OPFS mode: descriptions (HTML) and their plain text, each in an attached file (see `load`). */
const OPFS_HTML_FILE = '/rivulet-bench-html.sqlite3';
const OPFS_TEXT_FILE = '/rivulet-bench-text.sqlite3';
const LIST_COLUMNS = 'i.id, i.feedId, i.title, i.author, i.pubDate, i.link, i.flags, i.snippet, i.thumbnail';

/** Where the query anchor's database lives (see `load`). */
export type AnchorStorage = 'memory' | 'opfs';
const OPFS_PAGE_SIZE = 65_536;
/** Page cache of the OPFS database: 256 MiB (negative = KiB), enough for every index. */
const OPFS_CACHE_KIB = -262_144;

let sqlite: Sqlite3 | null = null;
let db: Sqlite3Db | null = null;
let storage: AnchorStorage = 'memory';

async function module(): Promise<Sqlite3> {
  sqlite ??= await sqlite3InitModule({ print: () => {}, printErr: (...a) => console.warn('sqlite:', ...a) });
  return sqlite;
}

const SCHEMA = `
  CREATE TABLE groups (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
  CREATE TABLE feeds (id INTEGER PRIMARY KEY, title TEXT NOT NULL, groupId INTEGER NOT NULL);
  CREATE TABLE items (
    id INTEGER PRIMARY KEY, feedId INTEGER NOT NULL, guid TEXT, title TEXT, author TEXT,
    description TEXT, descText TEXT, pubDate INTEGER, link TEXT, enclosure TEXT, flags INTEGER,
    snippet TEXT, thumbnail TEXT
  );`;
// The indexes a careful SQL app would have for these lists (same as the engine's IndexedDB set).
const INDEXES = `
  CREATE INDEX items_pub ON items(pubDate, id);
  CREATE INDEX items_feed ON items(feedId, pubDate);
  CREATE INDEX items_flags ON items(flags);
  CREATE INDEX feeds_group ON feeds(groupId);`;

/** One query's answer: rows of the first page and the total. */
export interface SqlAnswer {
  total: number;
  rows: Record<string, unknown>[];
}

const api = {
  /**
   * Loads the corpus; returns ms and the SQLite version. `where` 'memory' (up to ~300k items):
   * an in-memory database, indexes built after the rows, then ANALYZE. 'opfs': the database is
   * built straight into its OPFS file through the `opfs` VFS (the image written once, no
   * in-memory copy: at 1M items the rows are ~2.8 GB, past what WASM memory holds), with the
   * indexes created first so the 2.8 GB table is written once and never re-read to index it.
   */
  async load(
    spec: CorpusSpec,
    where: AnchorStorage = 'memory',
  ): Promise<{ ms: number; rows: number; version: string; bytes: number }> {
    const s = await module();
    const start = performance.now();
    db?.close();
    db = null;
    storage = where;
    if (where === 'opfs') {
      const Opfs = s.oo1.OpfsDb;
      if (!Opfs) throw new Error('OPFS VFS unavailable (needs cross-origin isolation and OPFS)');
      const dir = await navigator.storage.getDirectory();
      for (const file of [OPFS_FILE, OPFS_HTML_FILE, OPFS_TEXT_FILE]) {
        const name = file.slice(1);
        for (const stale of [name, `${name}-journal`, `${name}-wal`])
          await dir.removeEntry(stale).catch(() => undefined);
      }
      db = new Opfs(OPFS_FILE, 'c');
      // The canonical (32-bit) WASM build of SQLite fails writes past 2 GiB in one file
      // (SQLITE_IOERR_WRITE, seen at 1M items), and 1M rows are ~2.8 GB: the list columns stay
      // in the main file, the HTML and the plain text of descriptions each go to an attached
      // file of their own (~1 GB each), joined only by the queries that read them.
      db.exec(
        `ATTACH 'file:${OPFS_HTML_FILE}?vfs=opfs' AS html; ATTACH 'file:${OPFS_TEXT_FILE}?vfs=opfs' AS txt;`,
      );
      // Written once, by one connection: no rollback journal, no fsync per commit, one lock.
      // 64 KiB pages: every page the VFS moves is one message to its async proxy, so a full scan
      // of 1 GB costs ~16k round trips instead of ~250k with 4 KiB pages.
      for (const schema of ['main', 'html', 'txt'])
        db.exec(
          `PRAGMA ${schema}.page_size = ${OPFS_PAGE_SIZE}; PRAGMA ${schema}.journal_mode = OFF; ` +
            `PRAGMA ${schema}.synchronous = OFF; PRAGMA ${schema}.locking_mode = EXCLUSIVE; ` +
            `PRAGMA ${schema}.cache_size = ${schema === 'main' ? OPFS_CACHE_KIB : -65_536};`,
        );
      db.exec('PRAGMA temp_store = MEMORY;');
      db.exec(SCHEMA);
      db.exec(
        'CREATE TABLE html.bodies (id INTEGER PRIMARY KEY, description TEXT);' +
          'CREATE TABLE txt.texts (id INTEGER PRIMARY KEY, descText TEXT);',
      );
      db.exec(INDEXES);
    } else {
      db = new s.oo1.DB(':memory:', 'c');
      db.exec(SCHEMA);
    }
    db.exec('BEGIN');
    for (let g = 0; g < GROUP_COUNT; g++)
      db.exec('INSERT INTO groups VALUES (?, ?)', { bind: [g + 1, groupTitle(g)] });
    const feedStmt = db.prepare('INSERT INTO feeds VALUES (?, ?, ?)');
    for (let f = 0; f < FEED_COUNT; f++) {
      feedStmt.bind([f + 1, feedTitle(f), groupOfFeed(f) + 1]).step();
      feedStmt.reset();
    }
    feedStmt.finalize();
    const stmt = db.prepare('INSERT INTO items VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)');
    const split = where === 'opfs';
    const htmlStmt = split ? db.prepare('INSERT INTO html.bodies VALUES (?, ?)') : null;
    const textStmt = split ? db.prepare('INSERT INTO txt.texts VALUES (?, ?)') : null;
    let id = 0;
    for (let f = 0; f < FEED_COUNT; f++) {
      for (const it of feedItems(spec, f)) {
        const flags = (it.read ? 1 : 0) | (it.saved ? 2 : 0);
        if (htmlStmt && textStmt) {
          htmlStmt.bind([id + 1, it.description]).step();
          htmlStmt.reset();
          textStmt.bind([id + 1, it.plain]).step();
          textStmt.reset();
        }
        stmt
          .bind([
            ++id,
            f + 1,
            it.guid,
            it.title,
            it.author,
            split ? null : it.description,
            split ? null : it.plain,
            it.pubDate,
            it.link,
            it.enclosure?.url ?? '',
            flags,
            it.plain.slice(0, 200),
            '',
          ])
          .step();
        stmt.reset();
      }
    }
    stmt.finalize();
    htmlStmt?.finalize();
    textStmt?.finalize();
    db.exec('COMMIT');
    if (where === 'memory') db.exec(INDEXES);
    db.exec('ANALYZE');
    let bytes = 0;
    for (const schema of where === 'opfs' ? ['main', 'html', 'txt'] : ['main'])
      bytes +=
        Number(db.selectValue(`PRAGMA ${schema}.page_count`)) *
        Number(db.selectValue(`PRAGMA ${schema}.page_size`));
    return { ms: performance.now() - start, rows: id, version: s.version.libVersion, bytes };
  },

  /** Where the anchor's database lives ('memory' or 'opfs'). */
  storage(): AnchorStorage {
    return storage;
  },

  /**
   * Runs one translated query: `where` over items `i` joined to feeds `f` and groups `g`, ordered
   * by `order`, the first `limit` rows plus the total (capped by `cap` when the query has LIMIT).
   */
  query(where: string, order: string, limit: number, cap: number | null): SqlAnswer {
    if (!db) throw new Error('SQLite anchor not loaded');
    return answer(db, where, order, limit, cap);
  },

  /**
   * Copies the in-memory database into OPFS: `sqlite3_js_db_export` (the database image, all
   * tables and indexes) written with one OPFS sync access handle, then closed, so the file is a
   * plain SQLite database that the `opfs` VFS opens after a reload. Much faster than VACUUM INTO
   * through the VFS's async proxy (one message round trip per page), which remains the fallback
   * when the image does not fit in memory. Returns why it could not, or ''.
   */
  async saveToOpfs(): Promise<string> {
    const s = await module();
    if (!db) return storage === 'opfs' ? '' : 'not loaded';
    if (storage === 'opfs') {
      // Built in OPFS already (the image was written once by load): release the file so the
      // cold start's fresh worker can open it.
      db.close();
      db = null;
      return '';
    }
    if (!s.oo1.OpfsDb) return 'OPFS VFS unavailable (needs cross-origin isolation and OPFS)';
    try {
      const dir = await navigator.storage.getDirectory();
      const name = OPFS_FILE.slice(1);
      for (const stale of [name, `${name}-journal`, `${name}-wal`])
        await dir.removeEntry(stale).catch(() => undefined);
      let bytes: Uint8Array;
      try {
        bytes = s.capi.sqlite3_js_db_export(db.pointer);
      } catch {
        // The image is a second copy inside WASM memory (2 GB at most): past ~400k items it
        // does not fit, so copy page by page through the VFS instead (slow, but it works).
        db.exec(`VACUUM INTO 'file:${OPFS_FILE}?vfs=opfs'`);
        return '';
      }
      const handle = await dir.getFileHandle(name, { create: true });
      const sync = await (handle as unknown as SyncHandleMaker).createSyncAccessHandle();
      try {
        const written = sync.write(bytes, { at: 0 });
        sync.flush();
        if (written !== bytes.length) return `short write: ${written} of ${bytes.length} bytes`;
      } finally {
        sync.close();
      }
      return '';
    } catch (err) {
      return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    }
  },

  /**
   * Cold open from OPFS (call on a fresh worker): module init, open, first page + total of the
   * list `where` selects (default: all). Right
   * after a reload the previous page's worker may still hold the file's access handle (SQLite
   * then reports a disk I/O error); the open is retried every 20 ms for up to 5 s, and the time
   * spent waiting counts, as it would for a user. `retries` says how often that happened. When
   * it still fails, the error says what OPFS itself reports about the file (`probeOpfs`).
   */
  async coldOpen(where = '1'): Promise<SqlAnswer & { retries: number }> {
    const s = await module();
    const Opfs = s.oo1.OpfsDb;
    if (!Opfs) throw new Error('OPFS VFS unavailable');
    const deadline = performance.now() + 5000;
    for (let retries = 0; ; retries++) {
      try {
        db = new Opfs(OPFS_FILE, 'r');
        return { ...answer(db, where, 'i.pubDate DESC, i.id DESC', 50, null), retries };
      } catch (err) {
        try {
          db?.close();
        } catch {
          // Closing after a failed read can fail too; the retry opens a new handle either way.
        }
        db = null;
        if (performance.now() > deadline)
          throw new Error(`${String(err)} (${retries} retries); ${await probeOpfs()}`, {
            cause: err,
          });
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  },

  /** Closes the database (releases the OPFS access handle before the page goes away). */
  close(): void {
    db?.close();
    db = null;
  },
};

// The DOM lib used to typecheck bench/ lacks the worker-only OPFS sync access handle.
interface SyncHandleMaker {
  createSyncAccessHandle(): Promise<{
    getSize(): number;
    write(data: Uint8Array, opts: { at: number }): number;
    flush(): void;
    close(): void;
  }>;
}

/** What OPFS itself says about the database file (SQLite reports only "disk I/O error"). */
async function probeOpfs(): Promise<string> {
  const out: string[] = [];
  try {
    const est = await navigator.storage.estimate();
    out.push(`usage ${Math.round((est.usage ?? 0) / 1e6)} MB of ${Math.round((est.quota ?? 0) / 1e6)} MB`);
    const dir = await navigator.storage.getDirectory();
    const names: string[] = [];
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    out.push(`files [${names.join(', ')}]`);
    const handle = await dir.getFileHandle(OPFS_FILE.slice(1));
    out.push(`size ${(await handle.getFile()).size}`);
    const sync = await (handle as unknown as SyncHandleMaker).createSyncAccessHandle();
    out.push(`sync handle ok, size ${sync.getSize()}`);
    sync.close();
  } catch (err) {
    out.push(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
  return `OPFS probe: ${out.join('; ')}`;
}

function answer(d: Sqlite3Db, where: string, order: string, limit: number, cap: number | null): SqlAnswer {
  // Join feeds and groups only when the query reads them, as a hand-written query would.
  const joins = /\b[fg]\./.test(where + order);
  let from = joins
    ? 'items i JOIN feeds f ON f.id = i.feedId LEFT JOIN groups g ON g.id = f.groupId'
    : 'items i';
  // In OPFS mode the descriptions' plain text lives in the attached `txt` file.
  if (storage === 'opfs' && where.includes('i.descText')) {
    from += ' JOIN txt.texts t ON t.id = i.id';
    where = where.replaceAll('i.descText', 't.descText');
  }
  const countSql =
    cap === null
      ? `SELECT count(*) FROM ${from} WHERE ${where}`
      : `SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${cap})`;
  const total = Number(d.selectValue(countSql));
  const rows = d.selectObjects(
    `SELECT ${LIST_COLUMNS} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`,
  );
  return { total, rows };
}

export type SqliteAnchor = typeof api;
Comlink.expose(api);
