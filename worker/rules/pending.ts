/**
 * The new articles the rules have not run on yet (`META_KEYS.rulePending`, a list of item ids).
 * An ingest lists its new articles in the transaction that stores them, when some rule is
 * enabled; the rules' run takes them off in the transaction that writes its log (or on its own
 * when nothing matched); a start runs the rules over any still listed.
 *
 * Without it, a tab closed or reloaded between an ingest's commit and the end of its rules' run
 * (a reload in the middle of a refresh) left those articles as the rules never saw them, or half
 * acted on (hidden, but neither tagged nor in the rule's log, so no Undo). The run is at least
 * once: a run cut short after some of its writes runs again in full, and its flag writes then
 * change nothing (its log line has those changes only).
 *
 * Every function here runs INSIDE a transaction that includes `meta`.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';

/** The listed ids (none when the record is missing or malformed). */
export async function readPending(db: Database): Promise<number[]> {
  const value = (await db.table('meta').get(META_KEYS.rulePending))?.value;
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
}

/** Lists `ids` beside those listed (`listed`, as `readPending` read them in this transaction). */
export function addPending(
  db: Database,
  listed: readonly number[],
  ids: readonly number[],
): Promise<unknown> {
  return db.table('meta').put({ key: META_KEYS.rulePending, value: [...listed, ...ids] });
}

/** Takes `ids` off the list (the record goes when it empties). */
export async function settlePending(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const listed = await readPending(db);
  if (listed.length === 0) return;
  const done = new Set(ids);
  const left = listed.filter((id) => !done.has(id));
  if (left.length === listed.length) return;
  const meta = db.table('meta');
  await (left.length
    ? meta.put({ key: META_KEYS.rulePending, value: left })
    : meta.delete(META_KEYS.rulePending));
}
