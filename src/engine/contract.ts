/**
 * The engine contract as the UI sees it: types only, from the one file the worker exports.
 * Everything else in src/ imports engine types from here so a rename touches one line.
 */
import type { EngineApi } from '../../worker/api';

export type { EngineApi };
export type { Counts, EngineEvent, Feed, Group, Item, ItemRow, Page, InitInfo } from '../../worker/types';

/** The query accepted by `items.page`, derived from the contract so the two never drift. */
export type ItemsQuery = Parameters<EngineApi['items']['page']>[0];
export type ItemsScope = ItemsQuery['scope'];
export type InitResult = Awaited<ReturnType<EngineApi['init']>>;
