/** Simplified Chinese for undo notices, the scroll-marking setting and the keyboard scheme. */
import { type DeepStringRecord, plural } from '../types';
import type { keysEn } from './keys.en';

export const keysZhCN: DeepStringRecord<typeof keysEn> = {
  undo: {
    button: '撤销',
    hint: '或按 Z',
    markedRead: plural({ other: '已将 {count} 篇文章标为已读。' }),
    unhidden: plural({ other: '已让 {count} 篇文章重新出现在列表中。' }),
    scrolledRead: plural({ other: '滚动时已将 {count} 篇文章标为已读。' }),
    markedUnread: plural({ other: '已将 {count} 篇文章标为未读。' }),
    saved: plural({ other: '已收藏 {count} 篇文章。' }),
    unsaved: plural({ other: '已取消收藏 {count} 篇文章。' }),
    done: plural({ other: '已撤销：恢复了 {count} 篇文章。' }),
    partly: plural({ other: '已撤销：{total} 篇文章中恢复了 {count} 篇；其余的已不存在或已被改回。' }),
    feedsBack: plural({ other: '已撤销：{count} 个订阅源及其文章已恢复。' }),
    articlesBack: plural({ other: '已撤销：{count} 篇文章已恢复。' }),
    nothing: '没有可撤销的操作。',
    failed: '无法撤销此操作',
    key: '撤销上一次操作（全部标为已读、滚动标记、取消订阅等）',
  },
  scopes: { items: '文章列表（列表或阅读器）' },
  go: {
    all: '前往全部文章',
    today: '前往今天',
    saved: '前往稍后阅读',
    feeds: '前往订阅源管理',
    filters: '前往过滤器',
    search: '前往搜索',
    settings: '打开设置',
  },
  palette: { feed: '订阅源', group: '分组', filter: '过滤器', tag: '标签', screen: '前往' },
  nextFeed: '下一个有未读文章的订阅源（按侧边栏顺序）',
  prevFeed: '上一个有未读文章的订阅源（按侧边栏顺序）',
  nextArticle: '下一篇文章',
  prevArticle: '上一篇文章',
  pageDown: '文章向下翻一页（Shift+空格：向上）；到底后打开下一篇',
  pageUp: '文章向上翻一页',
  lineDown: '文章向下滚动',
  lineUp: '文章向上滚动',
  articleTop: '跳到文章开头',
  articleBottom: '跳到文章末尾',
  settings: {
    markOnScroll: '滚动经过时标为已读',
    markOnScrollHint: '在列表中滚动经过的文章会被标为已读。每一次滚动都可以撤销。',
  },
};
