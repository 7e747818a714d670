/**
 * The `sendTo` domain: read-later targets (Wallabag, Readeck, Linkding, Readwise Reader) that
 * an article can be sent to. Targets live in the `meta` store under `sendToAccounts`, secrets
 * included, like the sync account's token: engine-owned, never in localStorage, never in a
 * backup (the key is a secret one for backup/format.ts) and kept across a restore. Only views
 * without secrets leave the engine.
 */
import type { MetaStore } from '../db/meta';
import { META_KEYS } from '../db/meta';
import { cleanUrl } from '../../shared/cleanUrl';
import { sendArticle, testConnection, type SendArticle, type TargetConnection } from './clients';
import { SERVICE_NAMES, sendError, type SendService, type SendTransport } from './transport';

export { SERVICE_NAMES, type SendService } from './transport';
export type { SendArticle } from './clients';

/** A stored target. */
export interface SendTargetRecord extends TargetConnection {
  id: string;
  /** Comma-separated tags added to every article sent ('' for none). */
  tags: string;
  createdAt: number;
  /** When a test or a send last worked (ms), 0 before. */
  lastOk: number;
}

/** What the UI sees of a target: no token, password or client secret, only whether they are set. */
export interface SendTargetView {
  id: string;
  service: SendService;
  /** "Wallabag", "Readwise Reader", … */
  name: string;
  base: string;
  tags: string;
  username: string;
  clientId: string;
  hasToken: boolean;
  hasPassword: boolean;
  hasClientSecret: boolean;
  lastOk: number;
}

/**
 * A target as the settings form sends it. With `id` it edits that target: an empty secret keeps
 * the stored one, so the form never needs to show it.
 */
export interface SendTargetInput {
  id?: string;
  service: SendService;
  base: string;
  tags?: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
}

/** What a send did. */
export interface SendResult {
  service: SendService;
  name: string;
  /** False when the service already had the link. */
  created: boolean;
  location: string;
}

/** The address every Readwise account uses (Reader is a hosted service). */
export const READWISE_BASE = 'https://readwise.io';
const SERVICES: readonly SendService[] = ['wallabag', 'readeck', 'linkding', 'readwise'];

function view(r: SendTargetRecord): SendTargetView {
  return {
    id: r.id,
    service: r.service,
    name: SERVICE_NAMES[r.service],
    base: r.base,
    tags: r.tags,
    username: r.username,
    clientId: r.clientId,
    hasToken: r.token !== '',
    hasPassword: r.password !== '',
    hasClientSecret: r.clientSecret !== '',
    lastOk: r.lastOk,
  };
}

/** The address as typed, checked and without trailing slashes. Fails: `send_invalid`. */
export function normaliseBase(raw: string, service: SendService): string {
  const text = raw.trim() || (service === 'readwise' ? READWISE_BASE : '');
  if (!text) throw sendError('send_invalid', `Enter the address of your ${SERVICE_NAMES[service]}.`);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw sendError('send_invalid', `"${text.slice(0, 100)}" is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw sendError('send_invalid', `"${text.slice(0, 100)}" is not an http or https address.`);
  if (url.username || url.password || url.search || url.hash)
    throw sendError('send_invalid', 'The address cannot hold a user name, a query or a fragment.');
  return url.href.replace(/\/+$/, '');
}

const isRecord = (v: unknown): v is SendTargetRecord =>
  typeof v === 'object' && v !== null && typeof (v as SendTargetRecord).id === 'string';

/** Builds the domain over the meta store and a transport (the companion server's /api/send). */
export function createSendToApi(meta: MetaStore, transport: SendTransport, now: () => number = Date.now) {
  const read = async (): Promise<SendTargetRecord[]> => {
    const value = await meta.get(META_KEYS.sendToAccounts);
    return Array.isArray(value) ? value.filter(isRecord) : [];
  };
  // Calls from one tab run one after another, so two saves never lose each other's change.
  let queue: Promise<unknown> = Promise.resolve();
  const update = <T>(
    fn: (list: SendTargetRecord[]) => Promise<{ list: SendTargetRecord[]; out: T }>,
  ): Promise<T> => {
    const run = queue.then(async () => {
      const { list, out } = await fn(await read());
      await meta.set(META_KEYS.sendToAccounts, list);
      return out;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  const find = (list: SendTargetRecord[], id: string): SendTargetRecord => {
    const found = list.find((r) => r.id === id);
    if (!found) throw sendError('send_not_found', 'This send-to target no longer exists.');
    return found;
  };

  /** The draft merged over the stored target (empty secrets keep the stored ones), checked. */
  const merge = (list: SendTargetRecord[], input: SendTargetInput): SendTargetRecord => {
    if (!SERVICES.includes(input.service))
      throw sendError('send_invalid', `Unknown service "${String(input.service)}".`);
    const old = input.id ? find(list, input.id) : null;
    if (old && old.service !== input.service)
      throw sendError('send_invalid', 'A target cannot change its service.');
    const pick = (v: string | undefined, kept: string) =>
      v !== undefined && v.trim() !== '' ? v.trim() : kept;
    const base = normaliseBase(input.base, input.service);
    const r: SendTargetRecord = {
      id: old?.id ?? `${input.service}-${now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      service: input.service,
      base,
      tags: (input.tags ?? old?.tags ?? '').trim(),
      token: pick(input.token, old?.token ?? ''),
      clientId: pick(input.clientId, old?.clientId ?? ''),
      clientSecret: pick(input.clientSecret, old?.clientSecret ?? ''),
      username: pick(input.username, old?.username ?? ''),
      password: input.password ? input.password : (old?.password ?? ''),
      accessToken: '',
      refreshToken: '',
      expiresAt: 0,
      createdAt: old?.createdAt ?? now(),
      lastOk: old?.lastOk ?? 0,
    };
    // Tokens of an old login stay only while the login itself is unchanged.
    const sameLogin =
      old &&
      old.base === r.base &&
      old.clientId === r.clientId &&
      old.clientSecret === r.clientSecret &&
      old.username === r.username &&
      old.password === r.password;
    if (sameLogin)
      Object.assign(r, {
        accessToken: old.accessToken,
        refreshToken: old.refreshToken,
        expiresAt: old.expiresAt,
      });
    const name = SERVICE_NAMES[r.service];
    if (r.service === 'wallabag') {
      if (!r.clientId || !r.clientSecret)
        throw sendError(
          'send_invalid',
          `${name} needs the client id and secret of an API client (Developer → Create a new client).`,
        );
      if (!r.username || !r.password)
        throw sendError('send_invalid', `${name} needs your user name and password.`);
    } else if (!r.token) throw sendError('send_invalid', `${name} needs an API token.`);
    return r;
  };

  return {
    /** Every target, in the order added, without secrets. One meta read. */
    async list(): Promise<SendTargetView[]> {
      return (await read()).map(view);
    },
    /**
     * Checks a draft (or a stored target when only its id changes nothing) against its service
     * without storing it. Fails with the service's answer (`send_auth`, `send_not_api`, …).
     */
    async test(input: SendTargetInput): Promise<{ ok: true }> {
      await testConnection(transport, merge(await read(), input), now());
      return { ok: true };
    },
    /**
     * Adds or edits a target after testing it (a refused connection stores nothing). Returns the
     * stored target's view.
     */
    save(input: SendTargetInput): Promise<SendTargetView> {
      return update(async (list) => {
        const r = merge(list, input);
        const { tokens } = await testConnection(transport, r, now());
        const stored = { ...r, ...tokens, lastOk: now() };
        const at = list.findIndex((x) => x.id === r.id);
        const next = at >= 0 ? list.map((x, i) => (i === at ? stored : x)) : [...list, stored];
        return { list: next, out: view(stored) };
      });
    },
    /** Removes a target (and its secrets). No-op for an unknown id. */
    remove(id: string): Promise<void> {
      return update(async (list) =>
        Promise.resolve({ list: list.filter((r) => r.id !== id), out: undefined }),
      );
    },
    /**
     * Saves one article on a target's service: its link without tracking parameters, title, and
     * the target's tags.
     * Fails with the service's answer, e.g. `send_auth` "Wallabag answered 400: invalid_grant: …".
     */
    send(id: string, article: SendArticle): Promise<SendResult> {
      if (!/^https?:\/\//i.test(article.url))
        return Promise.reject(sendError('send_invalid', 'This article has no web address to send.'));
      return update(async (list) => {
        const r = find(list, id);
        const tags = [...article.tags, ...r.tags.split(',')].map((t) => t.trim()).filter(Boolean);
        // The clean link (shared/cleanUrl.ts), also for articles stored before links were cleaned.
        const sent = { ...article, url: cleanUrl(article.url), tags: [...new Set(tags)] };
        const outcome = await sendArticle(transport, r, sent, now());
        const stored = { ...r, ...outcome.tokens, lastOk: now() };
        return {
          list: list.map((x) => (x.id === id ? stored : x)),
          out: {
            service: r.service,
            name: SERVICE_NAMES[r.service],
            created: outcome.created,
            location: outcome.location,
          },
        };
      });
    },
  };
}

export type SendToApi = ReturnType<typeof createSendToApi>;
