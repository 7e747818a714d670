/**
 * The fetch status of a feed never fetched (every field of worker/types FeedStatus at its
 * starting value). Shared so the UI's test fixtures build feeds the way the engine does.
 */
export const NEVER_FETCHED = Object.freeze({
  lastFetched: 0,
  lastSuccess: 0,
  error: '',
  errorCode: '',
  httpStatus: 0,
  etag: '',
  lastModified: '',
  failures: 0,
  nextFetchAfter: 0,
  dead: false,
  bodyHash: '',
});
