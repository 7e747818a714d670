/** Simplified Chinese for the sidebar's tools menu; typed by the English area. */
import type { DeepStringRecord } from '../types';
import type { toolsEn } from './tools.en';

export const toolsZhCN: DeepStringRecord<typeof toolsEn> = {
  more: '更多',
  moreTip: '订阅、导入、合集、同步、备份',
  menuLabel: '更多工具',
  sectionAdd: '添加订阅源',
  sectionAccount: '你的数据',
  subscribe: '订阅一个订阅源',
  importOpml: '导入 OPML',
  bundles: '订阅合集',
  sync: '同步账户',
  backup: '备份与存储',
  manageFeeds: '管理订阅源',
  settings: '设置',
  shortcuts: '键盘快捷键',
  short: {
    feeds: '订阅源',
    filters: '筛选',
    search: '搜索',
    download: '备份',
    more: '更多',
    theme: '主题',
    settings: '设置',
  },
};
