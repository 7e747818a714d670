/**
 * The engine contract as the UI sees it: types only, from the one file the worker exports.
 * Everything else in src/ imports engine types from here so a rename touches one line.
 */
import type { ProxyOrClone, UnproxyOrClone } from 'comlink';
import type { EngineApi } from '../../worker/api';

export type { EngineApi };
export type {
  Counts,
  EngineEvent,
  Feed,
  Group,
  Item,
  ItemRow,
  Page,
  InitInfo,
  NotifyItem,
  UndoToken,
  Tag,
  TagWithCounts,
} from '../../worker/types';

/** The query accepted by `items.page`, derived from the contract so the two never drift. */
export type ItemsQuery = Parameters<EngineApi['items']['page']>[0];
export type ItemsScope = ItemsQuery['scope'];
/** A list title as the engine's title translations take it, and what they answer. */
export type TitleRef = Parameters<EngineApi['ai']['checkTitles']>[0][number];
export type TitleState = Awaited<ReturnType<EngineApi['ai']['checkTitles']>>[number];
export type TitleTranslation = Parameters<EngineApi['ai']['putTitles']>[0][number];
/** Which text of an article a translation is of: the feed's body or the whole article. */
export type TranslationSource = NonNullable<Parameters<EngineApi['ai']['getTranslation']>[2]>;
export type InitResult = Awaited<ReturnType<EngineApi['init']>>;

type RemoteFn<F> = F extends (...args: infer A) => infer R
  ? (...args: { [I in keyof A]: UnproxyOrClone<A[I]> }) => Promise<ProxyOrClone<Awaited<R>>>
  : never;

/**
 * The engine as reached through Comlink. `Comlink.Remote` types nested domains (`groups`,
 * `items`, …) as promised values, but Comlink really resolves `remote.groups.list()` as one
 * call by path; this type says so, one level deep, which is all the contract uses.
 */
export type EngineRemote = {
  [K in keyof EngineApi]: EngineApi[K] extends (...args: never[]) => unknown
    ? RemoteFn<EngineApi[K]>
    : { [M in keyof EngineApi[K]]: RemoteFn<EngineApi[K][M]> };
};
