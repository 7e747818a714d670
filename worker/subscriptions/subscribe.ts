/** Subscribing to one feed: dedupe, group, save, first ingest, status. */
import { planStatus } from '../feeds/refresh/refreshPolicy';
import { ingestItems } from '../items/ingest';
import { patchFeed } from '../feeds/refresh/patchFeed';
import { NEVER_FETCHED } from '../feeds/refresh/status';
import { targetGroup } from './groupsByTitle';
import { loadFeed } from './preview';
import type { FeedServices } from './services';
import { fallbackFeedTitle, feedUrlOf, findSubscribed } from './urlKey';

/** What the subscribe form sends. `newGroupTitle` wins over `groupId`. */
export interface SubscribeRequest {
  url: string;
  groupId?: number;
  newGroupTitle?: string;
  /** Overrides the feed's own title. */
  title?: string;
}

/** `added`: items stored by the first fetch (0 when already subscribed). */
export interface SubscribeResult {
  feedId: number;
  alreadySubscribed: boolean;
  added: number;
}

/**
 * Subscribes to the feed at `req.url`. An address already subscribed (compared by urlKey, also
 * after redirects) answers its feed id with `alreadySubscribed` and changes nothing. Otherwise
 * uses the preview fetched in the last 5 minutes or fetches now, creates the group if asked,
 * saves the feed, ingests its items and records its status (ETag, Last-Modified, body hash).
 * Emits `groups-changed`, `feeds-changed`, `items-added`. Calls are serialised so two quick
 * clicks never store one feed twice. Fails (and stores nothing): the errors of `loadFeed`,
 * EngineError('bad_input') for an unknown group, storage errors (the feed is then removed again).
 */
export async function subscribe(s: FeedServices, req: SubscribeRequest): Promise<SubscribeResult> {
  const url = feedUrlOf(req?.url);
  const known = findSubscribed(s.ctx, [url]);
  if (known) return { feedId: known.id, alreadySubscribed: true, added: 0 };
  const loaded = await loadFeed(s, url);
  return s.serial(async () => {
    const existing = findSubscribed(s.ctx, [url, loaded.url, loaded.finalUrl]);
    if (existing) return { feedId: existing.id, alreadySubscribed: true, added: 0 };
    const groupId = await targetGroup(s, req);
    const { parsed } = loaded;
    const feedId = await s.feeds.save({
      url: loaded.url,
      title: req.title?.trim() || parsed.title || fallbackFeedTitle(loaded.url),
      siteUrl: parsed.link,
      groupId,
      ...(parsed.language ? { language: parsed.language } : {}),
    });
    let added: number[];
    try {
      ({ added } = await ingestItems(s.ctx, feedId, parsed.items));
    } catch (err) {
      await s.feeds.delete(feedId).catch((e: unknown) => console.error('Rivulet: rollback failed', e));
      throw err;
    }
    const plan = planStatus(
      NEVER_FETCHED,
      { kind: 'response', result: loaded.response, bodyHash: loaded.bodyHash },
      { now: s.ctx.now() },
    );
    await patchFeed(s.ctx, feedId, plan.status);
    s.previews.forget(loaded);
    return { feedId, alreadySubscribed: false, added: added.length };
  });
}
