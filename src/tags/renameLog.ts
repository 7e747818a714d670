/**
 * Saved filters following tag renames. The filters live in this page's settings, out of the
 * engine's reach; the engine logs each rename in the transaction that makes it (with the rules:
 * worker/tags/tags.ts, `tags.renames`), and the page brings the filters' queries up to the log
 * here: after a rename it made, as it starts, and whenever the tags change (a rename in another
 * tab, or one whose page closed before it got here). How far the filters are is kept in the same
 * settings write as the filters (`automation.tagRenames`), so a rename is carried once.
 */
import { renameTagInFilterList } from '../filters/savedFilters';
import { withEngine } from '../queries/engine';
import { settingsStore } from '../settings/useSettings';

/** The log as the engine answers it (worker/tags/tags.ts TagRenameLog). */
interface RenameLog {
  epoch: string;
  seq: number;
  renames: Array<{ seq: number; from: string; to: string }>;
}

/**
 * The renames of `log` the filters have not followed yet (`seen`: `epoch:seq`, or ''), and the
 * mark to keep once they have. A log of another epoch (the database was cleared or replaced)
 * is followed from its start; a log behind the mark (an older backup restored) from its end.
 */
export function renamesToFollow(
  log: RenameLog,
  seen: string,
): { renames: RenameLog['renames']; mark: string } {
  const at = seen.lastIndexOf(':');
  const epoch = at < 0 ? '' : seen.slice(0, at);
  const seq = Number(seen.slice(at + 1));
  const from = epoch === log.epoch && Number.isInteger(seq) ? Math.min(seq, log.seq) : 0;
  return { renames: log.renames.filter((r) => r.seq > from), mark: `${log.epoch}:${log.seq}` };
}

let running: Promise<number> | null = null;

/**
 * Brings the saved filters up to the engine's rename log; resolves how many filters changed.
 * One at a time in this page: a call while one runs runs after it.
 */
export function followTagRenames(): Promise<number> {
  if (running) return running.then(followTagRenames, followTagRenames);
  const run = (async () => {
    const log = await withEngine((e) => e.tags.renames());
    const { filters, tagRenames } = settingsStore.getSnapshot().automation;
    const { renames, mark } = renamesToFollow(log, tagRenames);
    // Nothing to carry and nothing to note: a log with no rename yet (or the same mark) writes no
    // settings. Every start and tag change asks, and a write there replaced, in storage, what
    // another writer had put beside the filters since this page read its settings.
    if (renames.length === 0 && (mark === tagRenames || log.seq === 0)) return 0;
    const { next, changed } = renameTagInFilterList(filters, renames);
    settingsStore.update('automation', { filters: next, tagRenames: mark });
    return changed.length;
  })();
  running = run;
  const done = () => {
    if (running === run) running = null;
  };
  run.then(done, done);
  return run;
}
