/**
 * A bulk mark an earlier page began and this page's engine finished at its start
 * (worker/state/pendingMark.ts: the tab reloaded or closed in the middle of "mark all read"). Its
 * `mark` job says `resumed`; when it ends, the engine hands over the whole mark's undo token
 * (worker/state/markJob.ts: what it changed before the reload and after), and it is recorded as
 * made before every change of this page: Undo and `z` take the mark back, unless the person has
 * made a change here since (then Undo means that one, as always).
 */
import type { UndoToken } from '../engine/contract';
import { t } from '../i18n';
import { withEngine } from '../queries/engine';
import type { JobProgress } from '../../worker/types';
import { flagChangeText } from './undoneWords';
import { recordUndo } from './undoStore';

type FlagToken = Extract<UndoToken, { flag: 'read' | 'saved' | 'hidden' }>;
const isFlagToken = (token: UndoToken): token is FlagToken =>
  token.flag === 'read' || token.flag === 'saved' || token.flag === 'hidden';

/**
 * For a resumed mark's job that ended (done or stopped): asks the engine for its token (none
 * when another tab's engine ran it) and records it. Other jobs: nothing. Never rejects.
 */
export async function offerResumedUndo(
  job: JobProgress,
  take: (jobId: string) => Promise<UndoToken | null> = (jobId) =>
    withEngine((e) => e.state.resumedUndo(jobId)),
): Promise<void> {
  if (job.kind !== 'mark' || !job.mark?.resumed || job.state === 'running') return;
  try {
    const token = await take(job.id);
    if (!token || !isFlagToken(token)) return;
    recordUndo(token, (count) => t('keys.undo.resumed', { what: flagChangeText(token, count) }), { made: 0 });
  } catch (err) {
    console.warn('Rivulet: the finished mark cannot be offered for undo', err);
  }
}
