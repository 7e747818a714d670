import { internalsOf } from './createTestEngine';
import type { Engine } from '../engine';
import { FLAG_LOG_RANGE } from '../index/flagLog';

/**
 * Removes every record of the engine's flag log (index/flagLog.ts), as a change a build before
 * its kind was logged left it: the next start finds a gap and rebuilds.
 */
export async function dropFlagLog(engine: Engine): Promise<void> {
  await internalsOf(engine)
    .db.dexie.table('meta')
    .where(':id')
    .between(FLAG_LOG_RANGE[0], FLAG_LOG_RANGE[1])
    .delete();
}
