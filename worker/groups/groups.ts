import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { Group } from '../types';

/** The `groups` domain of the engine API. */
export interface GroupsApi {
  /** Every group, by id. One getAll (groups are few). Fails: `Error fetching all data: …`. */
  list(): Promise<Group[]>;
  /** One group or undefined. Fails: `Error fetching data: …`. */
  get(id: number): Promise<Group | undefined>;
  /**
   * Creates (no id) or renames (id) a group; returns its id and emits `groups-changed`.
   * Fails: EngineError('bad_input') for an empty title, `Error adding data` / `Error updating data`.
   */
  save(group: { id?: number; title: string }): Promise<number>;
  /**
   * Deletes a group; its feeds move to groupId -1 in the same transaction. Emits
   * `groups-changed` and `feeds-changed`. Fails: `Error deleting data: …`.
   */
  delete(id: number): Promise<void>;
  /** Number of groups. Fails: `Error counting records: …`. */
  count(): Promise<number>;
}

/** Builds the groups domain over an engine context. */
export function createGroupsApi(ctx: EngineContext): GroupsApi {
  const store = ctx.stores.groups;
  return {
    async list() {
      const groups = await store.listAll();
      ctx.groupCache.clear();
      for (const g of groups) ctx.groupCache.set(g.id, g);
      return groups;
    },
    get: (id) => store.get(id),
    async save(group) {
      const title = typeof group.title === 'string' ? group.title.trim() : '';
      if (!title) throw new EngineError('bad_input', 'A group needs a title');
      const id = await store.save({ ...(group.id ? { id: group.id } : {}), title });
      ctx.groupCache.set(id, { id, title });
      ctx.events.emit({ type: 'groups-changed' }, ctx.applied.counter);
      return id;
    },
    async delete(id) {
      const moved = await ctx.db.tx('delete', 'rw', ['groups', 'feeds'], async () => {
        const feeds = await ctx.db.table('feeds').where('groupId').equals(id).toArray();
        for (const feed of feeds) feed.groupId = -1;
        await ctx.db.table('feeds').bulkPut(feeds);
        await ctx.db.table('groups').delete(id);
        return feeds;
      });
      ctx.groupCache.delete(id);
      for (const feed of moved) ctx.feedCache.set(feed.id, feed);
      ctx.events.emit({ type: 'groups-changed' }, ctx.applied.counter);
      if (moved.length)
        ctx.events.emit({ type: 'feeds-changed', feedIds: moved.map((f) => f.id) }, ctx.applied.counter);
    },
    count: () => store.count(),
  };
}
