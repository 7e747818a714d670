/** Simplified Chinese for the start page; typed by the English area. */
import { type DeepStringRecord, plural } from '../types';
import type { welcomeEn } from './welcome.en';

export const welcomeZhCN: DeepStringRecord<typeof welcomeEn> = {
  title: '欢迎使用 Rivulet',
  subtitle: '你的订阅源，在这个浏览器中阅读和保存。除了获取订阅源的请求，任何数据都不会离开你的设备。',
  readAll: '阅读全部',
  addFeed: '添加订阅源',
  stats: { today: '今天', unread: '未读', items: '文章', feeds: '订阅源' },
  firstRun: {
    title: '开始阅读',
    intro: 'Rivulet 从你关注的网站收集文章，并保存在这个浏览器中，离线也能阅读。',
    subscribe: '添加订阅源或网站',
    subscribeLine: '粘贴订阅源地址或任意网页，Rivulet 会找到其中的订阅源。',
    opml: '导入 OPML',
    opmlLine: '用一个文件把其他阅读器中的订阅搬过来。',
    combo: '选择订阅合集',
    comboLine: '从精选合集开始：新闻、科技、科学、设计……',
    login: '连接账户',
    loginLine: '与你已在使用的订阅服务同步。',
  },
  chart: {
    title: '每日文章',
    subtitle: '最近 30 天发布的文章，按是否已读区分。',
    label: plural({ other: '最近 {count} 天每日文章：{unread} 篇未读，{read} 篇已读' }),
    day: '{day}：{unread} 篇未读，{read} 篇已读',
    unread: '未读 {n}',
    read: '已读 {n}',
  },
  continue: {
    title: '继续阅读',
    untitled: '无标题',
    open: '打开',
    nothing: '没有未读文章，太棒了。',
    last: '上次打开：{title}',
  },
  problems: {
    title: '有问题的订阅源',
    none: '所有订阅源在上次刷新时都正常响应。',
    seeAll: '在订阅源列表中查看全部 {count} 个',
    open: '打开订阅源列表',
  },
  top: {
    title: '最常阅读的订阅源',
    empty: '读几篇文章后，你最喜欢的订阅源会显示在这里。',
    read: '已读 {n}',
  },
};
