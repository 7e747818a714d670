/**
 * Every engine domain, declared once. Each entry builds one domain from what the engine shares
 * (context, feed services, sync, text index, index gate). From this one table `createEngine`
 * builds them all (held behind the index gate), the `Engine` type takes its domains, and
 * `createApi` (api.ts) exposes every entry guarded and proxied, which also types the UI's
 * `EngineApi`. Adding a domain is one entry here.
 *
 * A builder that needs another domain asks `deps.use('tags')` when one of its methods runs, not
 * while it builds: the table is built in one pass, and `use` hands out the built domain (the
 * same object the UI calls, held behind the index gate) once the pass is over. Calling `use`
 * during the pass throws, so there is no build order to get right and no cycle can form.
 */
import { createAiApi } from './ai/aiApi';
import { createBackupApi } from './backup/backup';
import type { EngineContext } from './engineContext';
import { createFeedEditsApi } from './feeds/feedEdits';
import { createFullText } from './fulltext/fullText';
import { createFeedsApi } from './feeds/feeds';
import { createRefreshApi } from './feeds/refresh/refresh';
import { createGroupEditsApi } from './groups/groupEdits';
import { createGroupsApi } from './groups/groups';
import { createIconsApi } from './icons/icons';
import type { IndexGate } from './index/indexGate';
import { createHighlightsApi } from './highlights/highlights';
import { createItemsApi } from './items/items';
import { createJobsApi } from './jobs/jobs';
import { createOpmlApi } from './opml/opml';
import { createQueryApi, type QueryPageOptions } from './query/queryApi';
import { readsIndexText } from './query/evaluate';
import { createRetentionApi } from './retention/retention';
import { createRulesApi, type RulesApi } from './rules/rules';
import { createSearchApi } from './search/searchApi';
import { createSendToApi } from './sendTo/sendTo';
import { relayTransport } from './sendTo/transport';
import type { TextIndex } from './search/textIndex';
import { createStateApi, type StateApi } from './state/readState';
import { createStatsApi } from './stats/stats';
import type { ItemsQuery } from './types';
import type { FeedServices } from './subscriptions/services';
import { createSubscriptionsApi } from './subscriptions/subscriptions';
import {
  withSyncEdits,
  withSyncGroupEdits,
  withSyncOpml,
  withSyncRefresh,
  withSyncSubscribe,
} from './sync/hooks';
import type { createSync } from './sync/sync';
import { withRuleTagNames, withRuleTagUndo } from './rules/tagNames';
import { createTagsApi, type TagsApi } from './tags/tags';

/** What a domain builder may use: the engine's shared parts, built once per engine. */
export interface DomainDeps {
  ctx: EngineContext;
  services: FeedServices;
  sync: ReturnType<typeof createSync>;
  textIndex: TextIndex;
  /** The deferred index load; `createEngine` holds every domain behind it already. */
  gate: IndexGate;
  /**
   * Another domain of this table, as built. Only once the table is built: call it inside a
   * method (or keep `() => deps.use(name)`), never in the builder's body (it throws there).
   */
  use: <K extends DomainName>(name: K) => Domains[K];
}

/** What `buildDomains` needs: the shared parts (it adds `use`). */
export type SharedDeps = Omit<DomainDeps, 'use'>;

/**
 * The domain table. A builder returns an object of async methods taking and returning plain
 * data (they cross Comlink); failures should be EngineErrors, anything else becomes `internal`.
 */
export const domains = {
  ai: ({ ctx }: DomainDeps) => createAiApi(ctx),
  // The feed and group lists read IndexedDB only: they answer while the index loads (the sidebar).
  groups: ({ ctx, services, sync, gate }: DomainDeps) => {
    const groups = createGroupsApi(ctx);
    const api = withSyncGroupEdits({ ...groups, ...createGroupEditsApi(services) }, sync.hooks);
    return { ...api, list: gate.free(() => groups.list()) };
  },
  feeds: ({ ctx, services, sync, gate }: DomainDeps) => {
    const feeds = createFeedsApi(ctx);
    const api = withSyncEdits({ ...feeds, ...createFeedEditsApi(services) }, sync.hooks);
    return { ...api, list: gate.free(() => feeds.list()) };
  },
  subscriptions: ({ services, sync }: DomainDeps) =>
    withSyncSubscribe(createSubscriptionsApi(services), sync.hooks),
  refresh: ({ services, sync }: DomainDeps) =>
    withSyncRefresh(createRefreshApi(services), sync.hooks, () => services.settings.intervalSeconds),
  sync: ({ sync }: DomainDeps) => sync.api,
  sendTo: ({ ctx, services }: DomainDeps) => createSendToApi(ctx.stores.meta, relayTransport(services.proxy)),
  jobs: ({ ctx, services }: DomainDeps) =>
    createJobsApi(services.jobs, (jobId) =>
      ctx.events.emit({ type: 'job-cancel', jobId }, ctx.applied.counter),
    ),
  opml: ({ services, sync }: DomainDeps) => withSyncOpml(createOpmlApi(services), sync.hooks),
  icons: ({ services }: DomainDeps) => createIconsApi(services),
  items: ({ ctx, gate }: DomainDeps) => {
    const items = createItemsApi(ctx);
    // Pages of every list answer while the index loads, once the snapshot's number columns are
    // in (index/indexGate.ts).
    return {
      ...items,
      page: gate.early(
        (q: ItemsQuery) => items.page(q),
        () => true,
      ),
    };
  },
  // The undo of a tag delete gives the rules back the actions the delete took (rules/tagNames.ts).
  state: ({ ctx, services, sync, use }: DomainDeps): StateApi =>
    withRuleTagUndo(sync.withUndo(createStateApi(ctx, services.jobs)), ctx, () => use('rules')),
  // A renamed tag is renamed in the rules that name it too, and a deleted one leaves their
  // "add tag" actions (rules/tagNames.ts).
  tags: ({ ctx, sync, use }: DomainDeps): TagsApi =>
    withRuleTagNames(sync.withLabels(createTagsApi(ctx)), ctx, () => use('rules')),
  query: ({ ctx, textIndex, gate }: DomainDeps) => {
    const query = createQueryApi(ctx, textIndex);
    // Filters naming no text field answer from the snapshot's number columns while its text loads.
    return {
      ...query,
      run: gate.early(
        (text: string, opts?: QueryPageOptions) => query.run(text, opts),
        (text) => !readsIndexText(text),
      ),
      counts: gate.early(
        (filters: { id: string; query: string }[]) => query.counts(filters),
        (filters) => filters.every((f) => !readsIndexText(f.query)),
      ),
    };
  },
  search: ({ ctx, textIndex }: DomainDeps) => createSearchApi(ctx, textIndex),
  backup: ({ ctx, textIndex }: DomainDeps) => createBackupApi(ctx, textIndex),
  retention: ({ ctx, services }: DomainDeps) => createRetentionApi(ctx, services.jobs),
  stats: ({ ctx }: DomainDeps) => createStatsApi(ctx),
  // Whole articles; the text index indexes their text in place of the description.
  fullText: ({ ctx, services, textIndex }: DomainDeps) => {
    const fullText = createFullText(ctx, services.proxy);
    textIndex.useFullTexts(fullText.source);
    return fullText.api;
  },
  highlights: ({ ctx }: DomainDeps) => createHighlightsApi(ctx),
  // Rule actions change state through the same (sync-aware) state domain as the UI, and tag,
  // fetch whole articles and call the AI through the built domains.
  // A builder that calls `use` states its return type: the table's types are inferred from the
  // builders, and `use` is typed from the table.
  rules: ({ ctx, services, textIndex, use }: DomainDeps): RulesApi =>
    createRulesApi(ctx, textIndex, services.proxy, {
      state: () => use('state'),
      tags: () => use('tags'),
      fullText: () => use('fullText'),
      ai: () => use('ai'),
    }),
} satisfies Record<string, (deps: DomainDeps) => object>;

/** The name of a domain (`'items'`, `'feeds'`, …). */
export type DomainName = keyof typeof domains;

/** Every domain's API by name, as the table builds it. */
export type Domains = { [K in DomainName]: ReturnType<(typeof domains)[K]> };

/** The domain names, in declaration order. */
export const DOMAIN_NAMES = Object.keys(domains) as DomainName[];

/**
 * Builds every domain of the table, each held until a deferred index load is done. `use` (see
 * DomainDeps) answers from the finished table.
 */
export function buildDomains(shared: SharedDeps): Domains {
  return buildTable(domains, shared, (api) => shared.gate.hold(api)) as Domains;
}

/**
 * Builds each entry of `table` in one pass with `use` added to the deps, and wraps each result
 * with `wrap`. `use` throws until the pass is over, so no builder can depend on build order.
 */
export function buildTable<D extends { use: unknown }>(
  table: Record<string, (deps: D) => object>,
  shared: Omit<D, 'use'>,
  wrap: (api: object) => object,
): Record<string, object> {
  const built: Record<string, object> = {};
  let done = false;
  const use = (name: string): object => {
    if (!done) throw new Error(`Domain '${name}' asked for while the domains are being built`);
    const api = built[name];
    if (!api) throw new Error(`No domain '${name}'`);
    return api;
  };
  // D's `use` is typed by name (DomainDeps); this one hands out what the entry of that name built.
  const deps = { ...shared, use } as unknown as D;
  for (const name of Object.keys(table)) built[name] = wrap(table[name]!(deps));
  done = true;
  return built;
}
