/**
 * English for whole articles (src/reader/fullText): the reader's action and key, the line that
 * says which version is shown and why a page gave no article, and the feed's setting. Wired into
 * `en.ts` as the `fullText` area.
 */
export const fullTextEn = {
  action: 'Load full article',
  showFeedVersion: 'Show feed version',
  shortcut: 'Full article / feed version',
  loading: 'Loading the full article…',
  shownFull: 'Full article from the site.',
  showFeed: 'Show feed version',
  showFull: 'Show full article',
  retry: 'Try again',
  /** Shown before the reason when the feed's version stands in. */
  fallback: 'Showing the feed’s version: {reason}',
  reason: {
    no_link: 'this article has no web address.',
    private_address: 'its address is on a private network, which Rivulet does not fetch unless you allow it.',
    blocked: 'the site refused the request (HTTP {status}), perhaps a paywall or a login.',
    http_error: 'the site answered HTTP {status}.',
    network: 'the page could not be reached.',
    not_html: 'the address is not a web page.',
    no_article: 'no article was found on the page (it may need JavaScript or a subscription).',
  },
  feedSetting: 'Always load the full article',
  feedSettingHint: 'New articles of this feed are fetched from the site in the background',
  feedSettingFailed: 'Could not change the feed’s full-article setting',
  storage: '{articles} full articles cached ({size})',
  clear: 'Clear full articles',
  clearTitle: 'Clear the cached full articles?',
  clearMessage:
    'Articles show the feed’s version again until you load them anew (feeds set to always load the full article fetch new ones in the background). Search finds only the feeds’ text.',
  cleared: 'Cleared {n} cached full articles.',
  clearFailed: 'Could not clear the full articles: {error}',
};
