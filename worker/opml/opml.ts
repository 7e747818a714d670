/** The `opml` domain: import (as a job) and export of all subscriptions. */
import { EngineError } from '../errors';
import type { OpmlFeed } from './format';
import { startBulkSubscribe, type BulkEntry } from '../subscriptions/bulk';
import type { FeedServices } from '../subscriptions/services';
import type { Feed } from '../types';

/** The `opml` domain of the engine API. */
export interface OpmlApi {
  /**
   * Parses OPML text and starts an 'opml-import' job (returns its id): folders become groups
   * (nested ones "Parent / Child"; an existing group of the same title is reused; an empty
   * folder with a title becomes an empty group), feeds repeated in the file or already
   * subscribed are skipped (one the file puts in another group stays where it is and is listed
   * in the summary's `elsewhere` with that group, made if missing), each new feed is added and
   * first fetched with progress. Summary {added, skipped, failed, newItems} and failures with reasons; see subscriptions/bulk.ts for failed and
   * cancelled feeds. Fails before changing anything: EngineError `not_opml`, `parse_error`, or
   * `empty_opml` when the file lists neither a feed nor a titled folder.
   */
  import(text: string): Promise<string>;
  /**
   * Every group with its feeds (an empty group as an outline with a title and no children),
   * then the ungrouped feeds, as OPML 2.0 (escaped, round-trips through `import`). Two
   * getAlls. Fails: storage errors.
   */
  export(): Promise<string>;
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
const toOpmlFeed = (f: Feed): OpmlFeed => ({ title: f.title || f.url, xmlUrl: f.url, htmlUrl: f.siteUrl });

/** Builds the OPML domain. */
export function createOpmlApi(s: FeedServices): OpmlApi {
  return {
    async import(text) {
      if (typeof text !== 'string') throw new EngineError('not_opml', 'No OPML text was given');
      // Loaded on first use: the XML parser stays out of the worker's start-up script.
      const { parseOpml } = await import('./format');
      const parsed = parseOpml(text);
      const entries: BulkEntry[] = [
        ...parsed.groups.flatMap((g) =>
          g.feeds.map((f) => ({ url: f.xmlUrl, title: f.title, groupTitle: g.title })),
        ),
        ...parsed.ungrouped.map((f) => ({ url: f.xmlUrl, title: f.title })),
      ];
      if (entries.length === 0 && parsed.groups.length === 0)
        throw new EngineError('empty_opml', 'This OPML file lists no feeds');
      // Folders with feeds get their group when a feed goes in; empty ones are made as such.
      const empty = parsed.groups.filter((g) => g.feeds.length === 0).map((g) => g.title);
      return startBulkSubscribe(s, 'opml-import', entries, parsed.duplicates, empty);
    },
    async export() {
      const [groups, feeds, { exportOpml }] = await Promise.all([
        s.groups.list(),
        s.feeds.list(),
        import('./format'),
      ]);
      const known = new Set(groups.map((g) => g.id));
      return exportOpml({
        groups: [...groups].sort(byTitle).map((g) => ({
          title: g.title,
          feeds: feeds
            .filter((f) => f.groupId === g.id)
            .sort(byTitle)
            .map(toOpmlFeed),
        })),
        feeds: feeds
          .filter((f) => !known.has(f.groupId))
          .sort(byTitle)
          .map(toOpmlFeed),
      });
    },
  };
}
