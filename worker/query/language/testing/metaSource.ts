import { MetaIndex } from '../../../index/metaIndex';
import type { Feed, Group } from '../../../types';
import type { PlainItem } from '../reference';
import type { QuerySource } from '../source';
import { plainTextLower, TextColumn, type DescriptionSource } from '../textColumn';
import { StoreDescriptionSource } from '../../descriptionSource';
import { TextStore } from '../../../search/textStore';
import { indexRowOf } from './arrayIndex';
import { sourceParts } from './source';

/**
 * A QuerySource over the engine's own MetaIndex, for tests that hold the planner's fast paths
 * (joined title scans, packed URL fields, author codes) to the reference. `dead` items are
 * removed after they are written. `loaded`: the index is then packed and loaded again, as a
 * cold start does (titles joined for native scans, dead rows gone); otherwise it is the index
 * ingest builds, row by row. `store`: descriptions come from a TextStore through the
 * engine's StoreDescriptionSource (whole-store scans), otherwise from a TextColumn.
 */
export function metaSourceOf(
  items: PlainItem[],
  dead: ReadonlySet<number>,
  feeds: Feed[],
  groups: Group[],
  now: number,
  loaded: boolean,
  store = false,
): QuerySource & { index: MetaIndex } {
  let index = new MetaIndex();
  index.upsert(items.map(indexRowOf));
  index.remove(dead);
  if (loaded) {
    const packed = index.packable();
    index = new MetaIndex();
    index.load(packed.columns, packed.order);
    if (!index.attachText(packed.text)) throw new Error('metaSourceOf: text did not attach');
  }
  let description: DescriptionSource;
  if (store) {
    const texts = new TextStore();
    for (const item of items) if (!dead.has(item.id)) texts.put(item.id, plainTextLower(item.description));
    description = new StoreDescriptionSource(index, texts);
  } else {
    const column = new TextColumn();
    for (const item of items) {
      const row = index.rowOf(item.id);
      if (row >= 0) column.set(row, item.description);
    }
    description = column;
  }
  return { index, description, ...sourceParts(feeds, groups, now) };
}
