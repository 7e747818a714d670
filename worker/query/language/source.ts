import type { QueryWarning } from './warnings';
import type { MetaIndexView } from '../../index/types';
import type { Feed, Group } from '../../types';
import type { DescriptionSource } from './textColumn';

/** Everything the planner reads to answer a query. */
export interface QuerySource {
  index: MetaIndexView;
  feeds: Map<number, Feed>;
  groups: Map<number, Group>;
  /** Row-aligned description text; without it `description` is null for every item. */
  description?: DescriptionSource;
  /** Current time, Unix seconds (read once per run). */
  now: () => number;
  /** Tag names by tag id (the `tags` field); without it every article reads as untagged. */
  tagNames?: ReadonlyMap<number, string>;
  /**
   * Bumped by the engine whenever feeds or groups change. The results cache (QueryRunner) is used
   * only when this is set, since feed/group edits do not change `index.version`.
   */
  feedsVersion?: number;
}

/** Paging of a run. LIMIT in the query, when present, replaces pageSize. */
export interface RunOptions {
  /** Index of the first result to return (default 0). */
  offset?: number;
  /** Results per page when the query has no LIMIT (default 50). */
  pageSize?: number;
}

/** One page of results. */
export interface RunResult {
  /** Item ids of the page, in result order. */
  ids: number[];
  /** Number of matching items (at most LIMIT). */
  total: number;
  /**
   * Warnings found while running (values such as dates are worked out then) that parsing did
   * not give; absent when there are none.
   */
  warnings?: QueryWarning[];
}

export const DEFAULT_PAGE_SIZE = 50;
