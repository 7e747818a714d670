/** Simplified Chinese for undo notices, the scroll-marking setting and the keyboard scheme. */
import { type DeepStringRecord, plural } from '../types';
import type { keysEn } from './keys.en';

export const keysZhCN: DeepStringRecord<typeof keysEn> = {
  undo: {
    button: '撤销',
    hint: '或按 Z',
    markedRead: plural({ other: '已将 {count} 篇文章标为已读。' }),
    scrolledRead: plural({ other: '滚动时已将 {count} 篇文章标为已读。' }),
    markedUnread: plural({ other: '已将 {count} 篇文章标为未读。' }),
    saved: plural({ other: '已收藏 {count} 篇文章。' }),
    unsaved: plural({ other: '已取消收藏 {count} 篇文章。' }),
    done: plural({ other: '已撤销：恢复了 {count} 篇文章。' }),
    nothing: '没有可撤销的操作。',
    failed: '无法撤销此操作',
  },
  settings: {
    markOnScroll: '滚动经过时标为已读',
    markOnScrollHint: '在列表中滚动经过的文章会被标为已读。每一次滚动都可以撤销。',
  },
};
