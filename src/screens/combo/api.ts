/** Combo's engine calls. */
import { withEngine } from '../../queries/engine';
import type { BundleFeed } from '../../data/bundles';

/**
 * Starts one engine job subscribing `feeds` into the group `groupTitle` (found by title or
 * created); resolves with the job id. Already subscribed feeds are skipped by the engine.
 */
export const subscribeBundle = (
  feeds: readonly BundleFeed[],
  groupTitle: string,
  opts: { into?: 'local' } = {},
): Promise<string> =>
  withEngine((e) =>
    e.subscriptions.subscribeMany(
      feeds.map((f) => ({ url: f.url, title: f.title, groupTitle })),
      opts,
    ),
  );
