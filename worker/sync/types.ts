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
}
