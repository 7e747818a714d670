/** The `subscriptions` domain: discover, preview, subscribe one or many. */
import { EngineError } from '../errors';
import type { Candidate, FeedPreview } from '../types';
import { startBulkSubscribe, type BulkEntry } from './bulk';
import { loadFeed, toPreview } from './preview';
import type { FeedServices } from './services';
import { subscribe, type SubscribeRequest, type SubscribeResult } from './subscribe';

export type { BulkEntry } from './bulk';
export type { SubscribeRequest, SubscribeResult } from './subscribe';

/** The `subscriptions` domain of the engine API. */
export interface SubscriptionsApi {
  /**
   * Feed candidates for a feed URL, page URL or bare domain (see formats/discovery.ts): known
   * site patterns without a fetch, else one page fetch plus up to 9 probes (4 at once).
   * Fails: EngineError `no_feed` ("No feed found at …") when nothing is found, `bad_url`,
   * `bad_scheme`, `http_status`, the proxy's codes.
   */
  discover(input: string): Promise<Candidate[]>;
  /**
   * Fetches and parses a feed for display (cached 5 minutes, so subscribe does not refetch):
   * title, site, format, item count, newest 5 items and the id of an existing subscription.
   * Fails: see `loadFeed` (`http_status`, `parse_error`, `not_a_feed`, proxy codes).
   */
  preview(url: string): Promise<FeedPreview>;
  /** Subscribes to one feed; see `subscribe` in subscribe.ts. */
  subscribe(req: SubscribeRequest): Promise<SubscribeResult>;
  /**
   * Starts a 'subscribe-many' job (bundles) and returns its id; progress arrives as `job`
   * events; already subscribed or repeated entries count as skipped. See bulk.ts.
   */
  subscribeMany(entries: BulkEntry[]): Promise<string>;
}

/** Builds the subscriptions domain. */
export function createSubscriptionsApi(s: FeedServices): SubscriptionsApi {
  return {
    async discover(input) {
      // Discovery's HTML parser and charset detector load on first use, not at the engine's start.
      const { discover, PROBE_PATHS } = await import('../formats/discovery');
      const found = await discover(input, s.proxy);
      if (found.length === 0)
        throw new EngineError(
          'no_feed',
          `No feed found at ${String(input).trim()}: tried link tags, ${PROBE_PATHS.length} common paths`,
        );
      return found;
    },
    preview: async (url) => toPreview(s, url, await loadFeed(s, url)),
    subscribe: (req) => subscribe(s, req),
    subscribeMany: (entries) =>
      new Promise((resolve) => {
        if (!Array.isArray(entries)) throw new EngineError('bad_input', 'A list of feeds is needed');
        resolve(startBulkSubscribe(s, 'subscribe-many', entries));
      }),
  };
}
