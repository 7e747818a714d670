/** A short-lived cache of fetched-and-parsed feeds, so subscribing right after a preview is free. */
import type { FetchResult } from '../formats/fetcher';
import type { NormalizedFeed } from '../types';
import { urlKey } from '../../shared/urlKey';

/** How long a preview stays usable, ms. */
export const PREVIEW_TTL_MS = 5 * 60 * 1000;
// Parsed feeds can be large; a preview session needs only a handful.
const MAX_ENTRIES = 16;

/** One fetched feed: the response metadata (body dropped), its hash and the parsed feed. */
export interface LoadedFeed {
  /** The URL to store: the final URL when every redirect was permanent, else the one asked for. */
  url: string;
  finalUrl: string;
  /** The fetch result with an empty body (the body is only needed as `bodyHash`). */
  response: FetchResult;
  bodyHash: string;
  parsed: NormalizedFeed;
}

/** Map from URL key to a loaded feed, expiring after PREVIEW_TTL_MS, oldest evicted first. */
export class PreviewCache {
  private readonly entries = new Map<string, { at: number; feed: LoadedFeed }>();

  constructor(private readonly clock: () => number = () => Date.now()) {}

  /** The cached feed for `url` (by urlKey) if still fresh. */
  get(url: string): LoadedFeed | undefined {
    const key = urlKey(url);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.clock() - hit.at > PREVIEW_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.feed;
  }

  /** Caches `feed` under each of `urls`. */
  set(urls: string[], feed: LoadedFeed): void {
    for (const url of new Set(urls.map(urlKey))) {
      this.entries.delete(url);
      this.entries.set(url, { at: this.clock(), feed });
    }
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every entry that holds `feed`. */
  forget(feed: LoadedFeed): void {
    for (const [key, hit] of this.entries) if (hit.feed === feed) this.entries.delete(key);
  }
}
