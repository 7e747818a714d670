/** Edits of groups the feed list needs (rename); merged into the `groups` domain by engine.ts. */
import { EngineError } from '../errors';
import { checkedTitle } from '../feeds/feedEdits';
import type { FeedServices } from '../subscriptions/services';

/** Additions to the `groups` domain. */
export interface GroupEditsApi {
  /** Renames an existing group; emits `groups-changed`. Fails: EngineError('bad_input' | 'not_found'). */
  rename(id: number, title: string): Promise<void>;
}

/** Builds the group edits over the shared services. */
export function createGroupEditsApi(s: FeedServices): GroupEditsApi {
  return {
    async rename(id, title) {
      const t = checkedTitle(title, 'group');
      if (!(await s.groups.get(id))) throw new EngineError('not_found', `Group ${id} does not exist`);
      await s.groups.save({ id, title: t });
    },
  };
}
