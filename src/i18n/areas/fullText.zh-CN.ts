/** Simplified Chinese for whole articles; typed by the English area. */
import type { DeepStringRecord } from '../types';
import type { fullTextEn } from './fullText.en';

export const fullTextZhCN: DeepStringRecord<typeof fullTextEn> = {
  action: '加载全文',
  showFeedVersion: '显示订阅源版本',
  shortcut: '全文 / 订阅源版本',
  loading: '正在加载全文…',
  shownFull: '来自网站的全文。',
  showFeed: '显示订阅源版本',
  showFull: '显示全文',
  retry: '重试',
  fallback: '正在显示订阅源版本：{reason}',
  reason: {
    no_link: '这篇文章没有网页地址。',
    private_address: '它的地址位于私有网络，除非你允许，Rivulet 不会抓取。',
    blocked: '网站拒绝了请求（HTTP {status}），可能需要付费订阅或登录。',
    http_error: '网站返回 HTTP {status}。',
    network: '无法访问该网页。',
    not_html: '该地址不是网页。',
    no_article: '页面上没有找到文章（可能需要 JavaScript 或订阅）。',
  },
  feedSetting: '始终加载全文',
  feedSettingHint: '在后台从网站抓取此订阅源的新文章全文',
  feedSettingFailed: '无法更改此订阅源的全文设置',
  storage: '已缓存 {articles} 篇全文（{size}）',
  clear: '清除全文缓存',
  clearTitle: '清除已缓存的全文？',
  clearMessage:
    '在你重新加载之前，文章将显示订阅源提供的版本（设为始终加载全文的订阅源会在后台获取新文章）。搜索只会查找订阅源中的文字。',
  cleared: '已清除 {n} 篇缓存的全文。',
  clearFailed: '无法清除全文：{error}',
};
