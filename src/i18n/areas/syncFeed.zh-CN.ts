/** Simplified Chinese for the "load older" control on a synced feed's list; typed by English. */
import { type DeepStringRecord, plural } from '../types';
import type { syncFeedEn } from './syncFeed.en';

export const syncFeedZhCN: DeepStringRecord<typeof syncFeedEn> = {
  loadOlder: '从服务器加载更早的文章',
  added: plural({ other: '已添加 {count} 篇更早的文章' }),
  noMore: '服务器上没有更早的文章了',
};
