/** Simplified Chinese for full-text search (palette and results page); typed by the English area. */
import type { DeepStringRecord } from '../types';
import type { searchEn } from './search.en';

export const searchZhCN: DeepStringRecord<typeof searchEn> = {
  title: '搜索',
  titleFor: '搜索：{q}',
  dialog: '搜索',
  placeholder: '搜索全部文章…',
  pagePlaceholder: '搜索全部文章',
  clear: '清除搜索',
  input: '搜索文章',
  results: '搜索结果',
  noMatch: '没有与“{q}”匹配的文章。',
  noMatchHint: '每个词都必须匹配：试试少用几个词，或只输入词的开头。',
  failed: '搜索失败：{message}',
  seeAll: '查看“{q}”的全部结果',
  untitled: '无标题',
  choose: '选择',
  open: '打开',
  close: '关闭',
  hint: '输入词语即可搜索标题、作者、订阅源和正文：每个词都必须匹配，加上引号（"…" 或 “…”）可搜索完整短语。',
  hintKeys: '在任意位置按 / 或 Ctrl+K 打开搜索。',
};
