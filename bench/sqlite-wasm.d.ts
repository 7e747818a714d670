// @sqlite.org/sqlite-wasm 3.41 ships no types; this is the little the SQLite anchor uses.
declare module '@sqlite.org/sqlite-wasm' {
  export interface Sqlite3Stmt {
    bind(values: unknown[]): Sqlite3Stmt;
    step(): boolean;
    reset(): Sqlite3Stmt;
    finalize(): void;
  }
  export interface Sqlite3Db {
    exec(
      sql: string,
      opts?: { bind?: unknown[]; rowMode?: 'object' | 'array'; returnValue?: 'resultRows' },
    ): unknown;
    selectValue(sql: string, bind?: unknown[]): unknown;
    selectObjects(sql: string, bind?: unknown[]): Record<string, unknown>[];
    prepare(sql: string): Sqlite3Stmt;
    close(): void;
    /** The `sqlite3*` handle, for the C-style `capi` functions. */
    pointer: number;
  }
  export interface Sqlite3 {
    version: { libVersion: string };
    opfs?: unknown;
    capi: {
      /** The database image (sqlite3_serialize), a copy in JS memory. */
      sqlite3_js_db_export(pDb: number): Uint8Array;
    };
    oo1: {
      DB: new (filename: string, flags?: string) => Sqlite3Db;
      OpfsDb?: new (filename: string, flags?: string) => Sqlite3Db;
    };
  }
  export default function sqlite3InitModule(opts?: {
    print?: (...args: unknown[]) => void;
    printErr?: (...args: unknown[]) => void;
  }): Promise<Sqlite3>;
}
