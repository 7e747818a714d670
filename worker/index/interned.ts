/**
 * A string column with few distinct values (authors: a feed has one or a handful): each row holds
 * a code into a dictionary of the distinct strings and their lower-cased forms, 4 bytes a row
 * instead of two JS strings. A test on the column can be decided once per distinct value
 * (`memo`). Codes are never reused while the dictionary lives; `rebuild` drops unused ones.
 */
export class Interned {
  private names: string[] = [''];
  private lowers: string[] = [''];
  private readonly codeOf = new Map<string, number>([['', 0]]);
  /** Dictionary code per row (0 = ''). */
  codes = new Int32Array(0);

  /** Distinct strings held (codes are 0..size-1). */
  get size(): number {
    return this.names.length;
  }
  value(row: number): string {
    return this.names[this.codes[row] ?? 0] ?? '';
  }
  lower(row: number): string {
    return this.lowers[this.codes[row] ?? 0] ?? '';
  }
  code(row: number): number {
    return this.codes[row] ?? 0;
  }
  /** The string and its lower-cased form of a code. */
  name(code: number): string {
    return this.names[code] ?? '';
  }
  lowerOfCode(code: number): string {
    return this.lowers[code] ?? '';
  }

  set(row: number, value: string): void {
    this.codes[row] = this.intern(value);
  }

  /** Resizes the per-row codes to `cap` rows, keeping the first `rows`. */
  resize(cap: number, rows: number): void {
    const next = new Int32Array(cap);
    next.set(this.codes.subarray(0, Math.min(rows, cap)));
    this.codes = next;
  }

  /** Replaces everything: `values[r]` for rows 0..n-1, in a column of `cap` rows. */
  load(values: readonly string[], n: number, cap: number): void {
    this.reset();
    this.codes = new Int32Array(cap);
    for (let r = 0; r < n; r++) this.codes[r] = this.intern(values[r] ?? '');
  }

  /** Replaces everything with a stored dictionary and codes; false (nothing changed) if malformed. */
  loadCodes(names: readonly string[], codes: Int32Array, cap: number): boolean {
    if (names[0] !== '' || new Set(names).size !== names.length) return false;
    for (const c of codes) if (c < 0 || c >= names.length) return false;
    this.reset();
    for (let i = 1; i < names.length; i++) this.intern(names[i]!);
    this.codes = new Int32Array(cap);
    this.codes.set(codes);
    return true;
  }

  /** The dictionary and the codes of rows `keep` (the snapshot form). */
  export(keep: Int32Array): { names: string[]; codes: Int32Array } {
    return { names: this.names.slice(), codes: Int32Array.from(keep, (r) => this.codes[r]!) };
  }

  /** Drops dictionary entries no row of 0..n-1 uses (after a compaction). O(rows). */
  rebuild(n: number): void {
    const used = new Uint8Array(this.names.length);
    for (let r = 0; r < n; r++) used[this.codes[r]!] = 1;
    if (used.every((u, c) => u === 1 || c === 0)) return;
    const old = this.names;
    const remap = new Int32Array(old.length);
    this.reset();
    for (let c = 1; c < old.length; c++) if (used[c] === 1) remap[c] = this.intern(old[c]!);
    for (let r = 0; r < n; r++) this.codes[r] = remap[this.codes[r]!]!;
  }

  /** `test` of a row's value, computed once per distinct code. */
  memo(test: (code: number) => boolean): (row: number) => boolean {
    const known = new Int8Array(this.names.length + 64);
    return (row) => {
      const c = this.codes[row] ?? 0;
      if (c >= known.length) return test(c);
      const k = known[c]!;
      if (k !== 0) return k === 1;
      const hit = test(c);
      known[c] = hit ? 1 : 2;
      return hit;
    };
  }

  private intern(value: string): number {
    let c = this.codeOf.get(value);
    if (c === undefined) {
      c = this.names.length;
      this.names.push(value);
      const lower = value.toLowerCase();
      this.lowers.push(lower === value ? value : lower);
      this.codeOf.set(value, c);
    }
    return c;
  }

  private reset(): void {
    this.names = [''];
    this.lowers = [''];
    this.codeOf.clear();
    this.codeOf.set('', 0);
  }
}
