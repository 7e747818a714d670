import { t, type TKey } from '../i18n';

/** Turns a sync error (engine code + message) into a sentence people can act on. */

const KNOWN = new Set([
  'sync_auth',
  'sync_not_api',
  'sync_network',
  'sync_tls',
  'sync_timeout',
  'sync_http',
  'sync_rate',
  'sync_too_large',
  'sync_bad_answer',
  'sync_connected',
  'sync_unsupported',
  'sync_refused',
  'bad_input',
]);

/**
 * `{ title, detail }` for an error thrown by a sync call, the title in the current language;
 * `detail` keeps the engine's own message (what exactly the server said), less a first sentence
 * that repeats the title (empty when it says nothing more).
 */
export function errorAdvice(err: unknown): { title: string; detail: string; suggestion?: string } {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  const message = err instanceof Error ? err.message : String(err);
  const key = `syncFeed.errors.${KNOWN.has(code) ? code : 'unknown'}` as TKey;
  const title = t(key);
  // The engine's message may open with the title's own sentence ("The server refused the user
  // name or password. (FreshRSS: use the API password …)"): shown once, with what it adds.
  const detail = message.startsWith(title)
    ? message
        .slice(title.length)
        .trim()
        .replace(/^\((.*)\)$/, '$1')
    : message;
  // A recognised server's API address (wrong-address advice from the engine).
  const details: unknown = typeof err === 'object' && err !== null && 'details' in err ? err.details : null;
  const suggestion =
    typeof details === 'object' &&
    details !== null &&
    'suggestion' in details &&
    typeof details.suggestion === 'string'
      ? details.suggestion
      : undefined;
  return { title, detail, ...(suggestion ? { suggestion } : {}) };
}
