/**
 * The four read-later clients. Each can test a connection and save one link (with title and
 * tags where the API takes them); Wallabag also logs in with the OAuth2 password grant and keeps
 * its access token fresh with the refresh grant. Protocol notes in docs/sendto.md.
 */
import { failure, okJson, type SendAnswer, type SendService, type SendTransport } from './transport';

/** Everything a target needs to reach its service (secrets included; never leaves the engine). */
export interface TargetConnection {
  service: SendService;
  /** The service's address as configured, without a trailing slash. */
  base: string;
  /** Readeck / Linkding / Readwise API token. */
  token: string;
  /** Wallabag: the API client and the user. */
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** Wallabag: the last OAuth2 tokens (kept so each send does not log in again). */
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch when `accessToken` stops working. */
  expiresAt: number;
}

/** One article to send. `url`: the item's link as stored. */
export interface SendArticle {
  url: string;
  title: string;
  tags: string[];
}

/** What a save did; `tokens` are new Wallabag tokens to store. */
export interface SendOutcome {
  /** `false` when the service already had the link (Readwise's 200, Linkding's update). */
  created: boolean;
  /** Where the saved copy lives, when the service says so (Readeck's Location, Readwise's url). */
  location: string;
  tokens?: Pick<TargetConnection, 'accessToken' | 'refreshToken' | 'expiresAt'>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const wallabagHint = 'check the client id and secret, user name and password';
/** Seconds before expiry when a Wallabag token is renewed instead of used. */
const EXPIRY_MARGIN_S = 60;

type Tokens = NonNullable<SendOutcome['tokens']>;

function wallabagTokens(answer: SendAnswer, now: number): Tokens {
  const data = okJson('wallabag', answer, wallabagHint) as Record<string, unknown> | null;
  const access = typeof data?.access_token === 'string' ? data.access_token : '';
  if (!access) throw failure('wallabag', { ...answer, status: 502, text: 'no access_token in the answer' });
  const expiresIn = typeof data?.expires_in === 'number' ? data.expires_in : 3600;
  return {
    accessToken: access,
    refreshToken: typeof data?.refresh_token === 'string' ? data.refresh_token : '',
    expiresAt: now + expiresIn * 1000,
  };
}

/** Wallabag's OAuth2 token endpoint: password grant, or refresh grant when `refresh` is given. */
async function wallabagGrant(
  t: SendTransport,
  c: TargetConnection,
  now: number,
  refresh?: string,
): Promise<Tokens> {
  const form = new URLSearchParams({
    grant_type: refresh ? 'refresh_token' : 'password',
    client_id: c.clientId,
    client_secret: c.clientSecret,
    ...(refresh ? { refresh_token: refresh } : { username: c.username, password: c.password }),
  });
  const answer = await t({
    service: 'wallabag',
    base: c.base,
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  // Wallabag answers bad credentials with 400 invalid_grant / invalid_client: an auth failure.
  if (answer.status === 400 || answer.status === 401) throw failure('wallabag', answer, wallabagHint, true);
  return wallabagTokens(answer, now);
}

/**
 * Runs `call` with a working Wallabag access token: the stored one while it is fresh, else a
 * refresh grant, else a password grant; a 401 with a stored token (revoked, clock skew) renews
 * once and retries. Returns the answer and the tokens when they changed.
 */
async function withWallabagToken(
  t: SendTransport,
  c: TargetConnection,
  now: number,
  call: (token: string) => Promise<SendAnswer>,
): Promise<{ answer: SendAnswer; tokens?: Tokens }> {
  let tokens: Tokens | undefined;
  const renew = async (): Promise<Tokens> => {
    if (c.refreshToken && !tokens) {
      try {
        return await wallabagGrant(t, c, now, c.refreshToken);
      } catch {
        // A refused refresh token (expired, used): log in with the password instead.
      }
    }
    return wallabagGrant(t, c, now);
  };
  let token = c.accessToken;
  if (!token || c.expiresAt - EXPIRY_MARGIN_S * 1000 <= now) {
    tokens = await renew();
    token = tokens.accessToken;
  }
  let answer = await call(token);
  if (answer.status === 401 && !tokens) {
    tokens = await renew();
    answer = await call(tokens.accessToken);
  }
  return { answer, tokens };
}

/**
 * Checks the connection the way a save would: credentials accepted and the API answering.
 * Returns new Wallabag tokens to store, when any. Fails with the service's answer (see transport.ts).
 */
export async function testConnection(
  t: SendTransport,
  c: TargetConnection,
  now: number = Date.now(),
): Promise<Pick<SendOutcome, 'tokens'>> {
  switch (c.service) {
    case 'wallabag': {
      const { answer, tokens } = await withWallabagToken(t, c, now, (token) =>
        t({
          service: 'wallabag',
          base: c.base,
          method: 'GET',
          path: '/api/user.json',
          headers: { Authorization: `Bearer ${token}` },
        }),
      );
      okJson('wallabag', answer, wallabagHint);
      return tokens ? { tokens } : {};
    }
    case 'readeck':
      okJson(
        'readeck',
        await t({
          service: 'readeck',
          base: c.base,
          method: 'GET',
          path: '/api/profile',
          headers: { Authorization: `Bearer ${c.token}` },
        }),
        'check the API token',
      );
      return {};
    case 'linkding':
      okJson(
        'linkding',
        await t({
          service: 'linkding',
          base: c.base,
          method: 'GET',
          path: '/api/user/profile/',
          headers: { Authorization: `Token ${c.token}` },
        }),
        'check the REST API token',
      );
      return {};
    case 'readwise':
      okJson(
        'readwise',
        await t({
          service: 'readwise',
          base: c.base,
          method: 'GET',
          path: '/api/v2/auth/',
          headers: { Authorization: `Token ${c.token}` },
        }),
        'check the access token',
      );
      return {};
  }
}

const field = (data: unknown, key: string): string => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

/** Saves one link on the target's service. Fails with the service's answer (see transport.ts). */
export async function sendArticle(
  t: SendTransport,
  c: TargetConnection,
  article: SendArticle,
  now: number = Date.now(),
): Promise<SendOutcome> {
  const title = article.title.trim();
  const tags = article.tags.map((x) => x.trim()).filter(Boolean);
  switch (c.service) {
    case 'wallabag': {
      // Wallabag takes tags as one comma-separated string.
      const body = JSON.stringify({
        url: article.url,
        ...(title ? { title } : {}),
        ...(tags.length ? { tags: tags.join(',') } : {}),
      });
      const { answer, tokens } = await withWallabagToken(t, c, now, (token) =>
        t({
          service: 'wallabag',
          base: c.base,
          method: 'POST',
          path: '/api/entries.json',
          headers: { ...JSON_TYPE, Authorization: `Bearer ${token}` },
          body,
        }),
      );
      const entry = okJson('wallabag', answer, wallabagHint);
      const id = field(entry, 'id');
      return { created: true, location: id ? `${c.base}/view/${id}` : '', ...(tokens ? { tokens } : {}) };
    }
    case 'readeck': {
      const body = JSON.stringify({
        url: article.url,
        ...(title ? { title } : {}),
        ...(tags.length ? { labels: tags } : {}),
      });
      const answer = await t({
        service: 'readeck',
        base: c.base,
        method: 'POST',
        path: '/api/bookmarks',
        headers: { ...JSON_TYPE, Authorization: `Bearer ${c.token}` },
        body,
      });
      okJson('readeck', answer, 'check the API token');
      // 202 Accepted: Readeck fetches the page later; Location names the new bookmark's API address.
      return { created: true, location: answer.location };
    }
    case 'linkding': {
      const body = JSON.stringify({ url: article.url, ...(title ? { title } : {}), tag_names: tags });
      const answer = await t({
        service: 'linkding',
        base: c.base,
        method: 'POST',
        path: '/api/bookmarks/',
        headers: { ...JSON_TYPE, Authorization: `Token ${c.token}` },
        body,
      });
      okJson('linkding', answer, 'check the REST API token');
      return { created: answer.status === 201, location: '' };
    }
    case 'readwise': {
      const body = JSON.stringify({
        url: article.url,
        ...(title ? { title } : {}),
        ...(tags.length ? { tags } : {}),
        saved_using: 'Rivulet',
      });
      const answer = await t({
        service: 'readwise',
        base: c.base,
        method: 'POST',
        path: '/api/v3/save/',
        headers: { ...JSON_TYPE, Authorization: `Token ${c.token}` },
        body,
      });
      const doc = okJson('readwise', answer, 'check the access token');
      // 201: a new document; 200: Reader already had this URL.
      return { created: answer.status === 201, location: field(doc, 'url') };
    }
  }
}
