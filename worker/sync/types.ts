/**
 * The data types the sync domain (worker/sync/) adds to the engine's records, shared with the
 * UI by type import through worker/types.ts.
 */

/**
 * What a feed brought by a sync account carries: the account's tag (`protocol url`) and the
 * server's feed id. Such feeds are updated by the account's sync, never fetched directly by the
 * refresh jobs. Absent on local-only feeds.
 */
export interface SyncedFeedFields {
  account?: string;
  remoteId?: string;
  /**
   * Unix seconds when the account's server stopped listing this feed (unsubscribed elsewhere, or
   * hidden in FreshRSS) while it held articles the reader saved, tagged or highlighted: it was
   * kept as a local feed, with every
   * article, keeping `remoteId`, until the reader keeps or removes it (worker/sync/leftServer.ts).
   */
  leftServer?: number;
}
