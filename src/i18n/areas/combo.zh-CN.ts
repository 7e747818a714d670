/** Simplified Chinese for /combo (bundles); typed by the English area. */
import { type DeepStringRecord, plural } from '../types';
import type { comboEn } from './combo.en';

export const comboZhCN: DeepStringRecord<typeof comboEn> = {
  title: '订阅合集',
  subtitle: '精选的订阅源合集。一步订阅整个合集，或把你自己的分组分享出去。',
  linkError: '无法使用这个合集链接',
  shared: '分享给你的',
  footnote: '已关注的订阅源会被跳过。没有响应的订阅源仍会订阅并显示错误，你可以在订阅源列表中修改它的地址。',
  card: {
    feeds: plural({ other: '{count} 个订阅源' }),
    already: '已订阅 {n} 个',
    allSubscribed: '已全部订阅',
    subscribe: '订阅…',
  },
  dialog: {
    title: '订阅“{title}”',
    subscribed: '已订阅',
    group: '放入分组',
    failed: '无法订阅',
    selected: '已选择 {n} / {total} 个订阅源',
    start: '订阅 {n} 个',
    close: '关闭',
  },
  make: {
    title: '制作你自己的合集',
    intro: '把你的一个分组变成合集并分享：打开链接即可进入此页面，合集已准备好订阅。',
    noGroups: '请先把一些订阅源放进分组（在订阅源列表中）。',
    group: '分组',
    pickGroup: '选择一个分组',
    option: '{title}（{n}）',
    name: '合集名称',
    line: '一句话介绍',
    linePlaceholder: '这些订阅源的共同点',
    empty: '这个分组没有订阅源。',
    link: '分享链接',
    copied: '已复制',
    copy: '复制链接',
    opml: '下载 OPML',
  },
  link: {
    version: '这个合集链接由其他版本的 Rivulet 生成，或已损坏。',
    size: '这个合集链接已损坏（大小不对）。',
    unreadable: '这个合集链接已损坏：无法读取。请重新索要链接。',
    noFeeds: '这个合集链接已损坏：没有列出任何订阅源。',
    noUsable: '这个合集链接中没有可用的订阅源地址。',
    sharedTitle: '分享的合集',
  },
};
