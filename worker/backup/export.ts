/**
 * Making a backup as a pull stream: `start` fixes which records belong to it (primary keys of
 * every store, read once), then each `next` reads one batch by key and returns its NDJSON
 * lines. The page assembles the chunks into a file, so neither side holds 100k parsed records.
 */
import type { IndexableType } from 'dexie';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { SCHEMA_VERSION } from '../db/schema';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  SETTINGS_STORE,
  encodeLine,
  isSecretStore,
  isSkippedMetaKey,
  type BackupHeader,
} from './format';

/** Records read per `next` call: ~0.5–2 MB of text for typical articles. */
export const BATCH_RECORDS = 500;

/** Stores written first, in this order (the rest follow by name). */
const FIRST = ['groups', 'feeds', 'items'];

interface StorePlan {
  name: string;
  keys: IndexableType[];
  /** True when records carry their key (keyPath); otherwise lines carry `key`. */
  inbound: boolean;
}

/** One backup in progress. */
export interface BackupSession {
  header: BackupHeader;
  /** Lines still to produce (records + settings), for progress. */
  total: number;
  /** The next chunk of text, or null when the backup is complete. */
  next(): Promise<string | null>;
}

/** Every store of the open database that a backup covers, known ones first. */
export function backupStoreNames(ctx: EngineContext): string[] {
  const names = ctx.db.dexie.tables.map((t) => t.name).filter((n) => !isSecretStore(n));
  const rank = (n: string) => (FIRST.includes(n) ? FIRST.indexOf(n) : FIRST.length + (n === 'meta' ? 1 : 0));
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Plans a backup: one read transaction collecting the primary keys of every store (no values),
 * meta keys filtered (derived caches and secrets left out). `settings` (already stripped of
 * anything the person did not want in the file) becomes one `@settings` line when given.
 * Cost: a key cursor per store (~100 ms per 100k items). Fails with the storage error texts.
 */
export async function startBackup(
  ctx: EngineContext,
  settings: unknown,
  now: number = Date.now(),
): Promise<BackupSession> {
  const names = backupStoreNames(ctx);
  const plans = await ctx.db.run('cursor', () =>
    ctx.db.dexie.transaction('r', names, async () => {
      const out: StorePlan[] = [];
      for (const name of names) {
        const table = ctx.db.dexie.table(name);
        let keys: IndexableType[] = await table.toCollection().primaryKeys();
        if (name === 'meta') keys = keys.filter((k) => typeof k !== 'string' || !isSkippedMetaKey(k));
        out.push({ name, keys, inbound: table.schema.primKey.keyPath != null });
      }
      return out;
    }),
  );
  const counts: Record<string, number> = {};
  for (const p of plans) counts[p.name] = p.keys.length;
  const hasSettings = settings !== undefined && settings !== null;
  if (hasSettings) counts[SETTINGS_STORE] = 1;
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now,
    schemaVersion: SCHEMA_VERSION,
    counts,
  };
  let headerSent = false;
  let settingsSent = !hasSettings;
  let store = 0;
  let offset = 0;
  return {
    header,
    total: plans.reduce((n, p) => n + p.keys.length, 0) + (hasSettings ? 1 : 0),
    async next() {
      if (!headerSent) {
        headerSent = true;
        return encodeLine(header);
      }
      if (!settingsSent) {
        settingsSent = true;
        return encodeLine({ store: SETTINGS_STORE, value: settings });
      }
      while (store < plans.length && offset >= plans[store]!.keys.length) {
        store++;
        offset = 0;
      }
      const plan = plans[store];
      if (!plan) return null;
      const keys = plan.keys.slice(offset, offset + BATCH_RECORDS);
      offset += keys.length;
      const values = await ctx.db.run('fetch', () => ctx.db.dexie.table(plan.name).bulkGet(keys));
      let text = '';
      values.forEach((value: unknown, i) => {
        if (value === undefined)
          throw new EngineError(
            'backup_changed',
            `A record of "${plan.name}" was deleted while the backup was being made; start the backup again`,
          );
        text += encodeLine(
          plan.inbound ? { store: plan.name, value } : { store: plan.name, key: keys[i], value },
        );
      });
      return text;
    },
  };
}
