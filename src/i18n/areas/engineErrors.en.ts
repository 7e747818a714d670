/**
 * English for engine errors shown to people, by error code (src/i18n/errorText.ts). In English
 * the engine's own message is shown instead, as it is more specific (it names the address,
 * the line, the status); these texts are what the other languages translate.
 */
export const engineErrorsEn = {
  bad_url: 'This address is not a valid web address.',
  send_network: 'The read-later service could not be reached.',
  send_invalid: 'Please fill in the address and the credentials the service needs.',
  send_not_found: 'This read-later service is no longer set up.',
  bad_scheme: 'Only http and https addresses can be used.',
  forbidden: 'The Rivulet server refused this request.',
  too_many_redirects: 'The site redirected too many times.',
  timeout: 'The site took too long to answer.',
  too_large: 'The answer was too large.',
  upstream_unreachable: 'The site could not be reached.',
  private_address:
    'This link from a feed points into a private network, so the Rivulet server did not fetch it. Allow private networks in Settings → General if this feed is yours.',
  network: 'The Rivulet server could not be reached.',
  proxy_error: 'The Rivulet server could not fetch this address.',
  aborted: 'Cancelled.',
  http_status: 'The site answered with an error status.',
  not_a_feed: 'This address returned a web page or a file that is not a feed.',
  parse_error: 'This feed could not be read: it is not well-formed.',
  no_feed: 'No feed was found at this address.',
  not_opml: 'This is not an OPML file.',
  empty_opml: 'This OPML file lists no feeds.',
  duplicate: 'Another feed already uses this address.',
  not_found: 'It no longer exists.',
  feed_not_found: 'This feed no longer exists.',
  bad_input: 'Please check what you entered.',
  query_too_long: 'The query is too long.',
  not_backup: 'This file is not a Rivulet backup.',
  corrupt_backup: 'This backup file is damaged.',
  truncated: 'This backup file is incomplete.',
  internal: 'Something went wrong inside Rivulet.',
  quota_exceeded: 'The browser’s storage for Rivulet is full, so this could not be saved.',
  db_lost: 'Rivulet’s stored data was deleted while the app was open.',
  undo_expired:
    'The unsubscribed feeds can no longer be brought back (Undo keeps them for 10 minutes); subscribe to them again.',
  querySyntax: 'Syntax error at line {line}, column {column}.',
};
