/** Simplified Chinese for refresh progress, feed problem actions, OPML failures and duplicates; typed by the English area. */
import { type DeepStringRecord, plural } from '../types';
import type { upkeepEn } from './upkeep.en';

export const upkeepZhCN: DeepStringRecord<typeof upkeepEn> = {
  refresh: {
    newSoFar: plural({ other: '{count} 篇新文章' }),
    title: '刷新完成',
    titleCancelled: '刷新已取消',
    checked: plural({ other: '已检查 {count} 个订阅源' }),
    newItems: plural({ other: '{count} 篇新文章' }),
    skipped: plural({ other: '跳过 {count} 个（等待重试）' }),
    failedHeading: plural({ other: '{count} 个订阅源未能更新：' }),
    serverDownTitle: '无法连接到 Rivulet 服务器',
    serverDownLine: '没有获取任何订阅源。已有的文章仍可阅读；请启动服务器后再刷新。',
    allWell: '所有订阅源都已响应。',
    openAddress: '打开订阅源地址',
    retryFailed: '重试失败的订阅源',
    dismiss: '关闭',
    region: '刷新结果',
    unknown: '未知订阅源',
  },
  problem: {
    retry: '立即重试',
    editAddress: '修改地址…',
    unsubscribe: '取消订阅…',
  },
  editUrl: {
    checking: '正在检查地址…',
    check: '检查并保存',
    notAFeed: '这个地址没有返回订阅源：{reason}',
    otherFeed: '你已经以“{title}”订阅了这个地址。',
    changed: '地址已修改，正在从新地址获取“{title}”。',
  },
  opml: {
    failedTitle: plural({ other: '{count} 个导入的订阅源无法获取' }),
    failedIntro:
      '它们已经订阅，但还没有文章。可以重试（网站也许已恢复），在订阅源列表中修改地址，或移除不再需要的订阅源。',
    retry: '重试',
    remove: '移除',
    retryAll: '全部重试',
    removeAll: '全部移除',
    fixed: '已恢复',
    removed: '已移除',
    notAdded: '未添加：地址无法使用。',
    elsewhereTitle: plural({ other: '{count} 个已订阅的订阅源不在文件所指的分组中' }),
    elsewhereIntro: plural({ other: '导入没有移动它们。如果文件中的分组更合适，可以把它们移过去。' }),
    elsewhereRow: '现在在{current}；文件把它放在{wanted}',
    elsewhereMoved: '已移到{wanted}',
    noGroup: '未分组',
    moveAll: plural({ other: '移到文件中的分组' }),
  },
  duplicate: {
    sameAddress: '你已经订阅了这个订阅源。',
    selfLink: '这是“{title}”的副本，你已经订阅了它：该订阅源声明的自身地址就是那个地址。',
    sameSite: '你已经订阅了这个网站的一个订阅源：{title}。',
    sameSiteHint: '只有当这是另一个订阅源（评论、分类、播客）时才继续订阅。',
    open: '打开“{title}”',
  },
};
