/** Turns a sync error (engine code + message) into a sentence people can act on. */

const ADVICE: Record<string, string> = {
  sync_auth: 'The server refused the user name or password.',
  sync_not_api:
    'This address does not answer as that API. Check the URL and that the API is enabled on the server.',
  sync_network: 'The server could not be reached. Check the address and your connection.',
  sync_tls: "The server's HTTPS certificate was refused (expired, self-signed or for another name).",
  sync_timeout: 'The server took too long to answer. Try again later.',
  sync_http: 'The server answered with an error.',
  sync_bad_answer: "The server's answer was not understood.",
  sync_connected: 'Another account is connected. Log out first.',
  sync_unsupported: 'The Fever API cannot change subscriptions.',
  bad_input: 'Please check the form.',
};

/** `{ title, detail }` for an error thrown by a sync call; unknown errors keep their message. */
export function errorAdvice(err: unknown): { title: string; detail: string } {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  const detail = err instanceof Error ? err.message : String(err);
  return { title: ADVICE[code] ?? 'Something went wrong.', detail };
}
