import type { IndexRow } from '../index/types';

/** An index row for tests: feed 1, date 100, unread, title `T<id>`, guid `g<id>`, then `over`. */
export function testRow(id: number, over: Partial<IndexRow> = {}): IndexRow {
  return {
    id,
    feedId: 1,
    pubDate: 100,
    flags: 0,
    title: `T${id}`,
    author: 'Ann',
    link: '',
    enclosure: '',
    guid: `g${id}`,
    keyHash: id,
    ...over,
  };
}
