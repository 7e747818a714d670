/** Simplified Chinese for browser-fault notices; typed by the English area. */
import { plural } from '../types';
import type { DeepStringRecord } from '../types';
import type { robustEn } from './robust.en';

export const robustZhCN: DeepStringRecord<typeof robustEn> = {
  details: '详细信息',
  storage: {
    title: '存储空间已满',
    message: '{feeds}的新文章无法保存：浏览器给 Rivulet 的存储空间已满。之前保存的内容完好无损。',
    feeds: plural({ other: '{count} 个订阅源' }),
    hint: '释放一些空间后重试：这些订阅源会重新获取。',
    retry: '立即重试',
    free: '释放空间',
  },
  lost: {
    deletedTitle: 'Rivulet 的数据已被删除',
    deleted:
      '在应用打开期间，浏览器删除了 Rivulet 保存的数据（可能是在其他标签页或浏览器设置中清除了网站数据，或浏览器为腾出空间而清理）。Rivulet 已按现在保存的内容重新启动：{items}。',
    upgradedTitle: 'Rivulet 已更新',
    upgraded: '另一个标签页打开了新版本的 Rivulet。此标签页已重新加载以使用新版本。',
    items: plural({ other: '{count} 篇文章' }),
    restore: '恢复备份',
  },
  persist: {
    grantedTitle: '你的数据会被保留',
    granted: '浏览器会保留 Rivulet 的数据，空间不足时也不会清除。',
    deniedTitle: '浏览器可能会清除你的数据',
    denied:
      '浏览器没有承诺保留 Rivulet 的数据：空间不足时可能会被清除。请在“下载”中做好备份，或把 Rivulet 安装为应用。',
    open: '打开“下载”',
  },
  settings: {
    title: '部分设置无法读取',
    reset: '以下设置已恢复为默认值：{names}。其他设置保持不变。',
    unreadable: '保存的设置无法读取，所有设置都已恢复为默认值。',
    restore: '恢复保存的副本',
    restored: '已恢复你保存的设置副本。',
    keep: '保持现状',
    savedAt: '副本保存于 {date}。',
  },
  restore: {
    phaseWrite: '正在写入 {done} / {total} 条记录',
    phaseCommit: '正在保存……请不要关闭此标签页',
    phaseDone: '已保存。正在载入恢复的文章……',
    interruptedTitle: '恢复没有完成',
    interrupted:
      '恢复“{file}”（开始于 {when}）在保存前被中断。没有任何改动：你的文章和设置与之前完全相同。请重新选择文件再试一次。',
    finishedTitle: '恢复已完成',
    finished: '恢复“{file}”在 Rivulet 关闭前已保存。备份中的文章和设置现已生效。',
    again: '重新恢复',
  },
};
