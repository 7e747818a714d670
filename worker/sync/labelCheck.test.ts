import { describe, expect, it } from 'vitest';
import {
  RECHECK_EVERY,
  carries,
  checkClaims,
  checkClaimsKept,
  checkDigest,
  type LabelClaim,
  type LabelVerdict,
} from './labelCheck';
import type { RemoteItem, SyncClient } from './protocol';

const item = (id: string, labels: string[], feedId = 'feed/1'): RemoteItem => ({
  id,
  feedId,
  title: '',
  author: '',
  html: '',
  url: '',
  published: 0,
  read: false,
  saved: false,
  labels,
});

/** A client whose `items` answers from `server` and records each call's ids. */
function client(server: RemoteItem[]) {
  const calls: string[][] = [];
  const c = {
    items: (ids: string[]) => {
      calls.push(ids);
      return Promise.resolve(server.filter((i) => ids.includes(i.id)));
    },
  } as unknown as SyncClient;
  return { c, calls };
}

const claim = (n: number, name: string, on: boolean): LabelClaim => ({
  itemId: n,
  remoteId: String(n),
  name,
  on,
});

describe('carries', () => {
  it("takes the feed's folder label out once, so a tag named like its folder still counts", () => {
    expect(carries(item('1', ['Work']), 'Work', ['Work'])).toBe(false);
    expect(carries(item('1', ['Work', 'Work']), 'work', ['Work'])).toBe(true);
    expect(carries(item('1', ['Later']), 'Later', ['Work'])).toBe(true);
    expect(carries(undefined, 'Later', [])).toBeNull();
  });
});

describe('checkClaims', () => {
  it('confirms what the articles say and leaves alone what the server did not give', async () => {
    const { c } = client([item('1', ['Work']), item('2', ['Work', 'Later'])]);
    const claims = [claim(1, 'Later', false), claim(2, 'Later', true), claim(3, 'Later', false)];
    const out = await checkClaims(c, claims, () => ['Work']);
    expect(out.confirmed).toEqual(claims.slice(0, 2));
    expect([...out.distrusted]).toEqual([]);
  });

  it('a stream answered from the whole reading list (FreshRSS: no such label) is not followed, after one batch', async () => {
    // Every article "gains" the label; none carries it.
    const server = Array.from({ length: 600 }, (_, i) => item(String(i + 1), ['Work']));
    const { c, calls } = client(server);
    const claims = server.map((_, i) => claim(i + 1, 'Gone', true));
    // One article really is labelled, and another label's claim is checked on its own.
    server[0]!.labels = ['Work', 'Gone'];
    claims.push(claim(2, 'Other', false));
    const out = await checkClaims(c, claims, () => ['Work']);
    expect([...out.distrusted]).toEqual(['gone']);
    expect(out.confirmed).toEqual([claims[0], claims.at(-1)]);
    // One batch of 250 for "Gone"; article 2 was read already for "Other".
    expect(calls.map((ids) => ids.length)).toEqual([250]);
  });

  it('a stream answered from an empty category: the tags stay', async () => {
    const { c } = client([item('1', ['Work', 'Later']), item('2', ['Work', 'Later'])]);
    const out = await checkClaims(c, [claim(1, 'Later', false), claim(2, 'Later', false)], () => ['Work']);
    expect(out).toEqual({ confirmed: [], distrusted: new Set(['later']) });
  });
});

describe('checkClaimsKept', () => {
  const claims = [claim(1, 'Later', false), claim(2, 'Later', false)];
  const digestOf = (_key: string, asked: readonly LabelClaim[]) => checkDigest(['Later'], [], asked);

  it('a stream found wrong is not read again while nothing about it changes, up to RECHECK_EVERY passes', async () => {
    const { c, calls } = client([item('1', ['Work', 'Later']), item('2', ['Work', 'Later'])]);
    let kept: Record<string, LabelVerdict> = {};
    const reads: number[] = [];
    for (let pass = 0; pass <= RECHECK_EVERY; pass++) {
      const out = await checkClaimsKept(c, claims, () => ['Work'], digestOf, kept);
      expect(out.distrusted).toEqual(new Set(['later']));
      expect(out.confirmed).toEqual([]);
      kept = out.verdicts;
      reads.push(calls.length);
    }
    // Read at the first pass, then reused, then read again at the RECHECK_EVERY-th.
    expect(reads).toEqual([...Array<number>(RECHECK_EVERY).fill(1), 2]);
  });

  it('a change in what the check reads checks again; a stream no longer wrong is forgotten', async () => {
    const server = [item('1', ['Work', 'Later']), item('2', ['Work', 'Later'])];
    const { c, calls } = client(server);
    const first = await checkClaimsKept(c, claims, () => ['Work'], digestOf, {});
    const fewer = await checkClaimsKept(c, claims.slice(1), () => ['Work'], digestOf, first.verdicts);
    expect(calls).toHaveLength(2);
    expect(fewer.distrusted).toEqual(new Set(['later']));
    server[1]!.labels = ['Work'];
    const names = (_key: string, asked: readonly LabelClaim[]) => checkDigest(['Later', 'New'], [], asked);
    const out = await checkClaimsKept(c, claims.slice(1), () => ['Work'], names, fewer.verdicts);
    expect(calls).toHaveLength(3);
    expect(out).toEqual({ confirmed: claims.slice(1), distrusted: new Set(), verdicts: {} });
  });
});
