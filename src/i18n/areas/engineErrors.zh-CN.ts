/** Simplified Chinese for engine errors shown to people, by error code; typed by English. */
import type { DeepStringRecord } from '../types';
import type { engineErrorsEn } from './engineErrors.en';

export const engineErrorsZhCN: DeepStringRecord<typeof engineErrorsEn> = {
  send_network: '无法连接到稍后阅读服务。',
  send_invalid: '请填写该服务所需的地址和凭据。',
  send_not_found: '此稍后阅读服务已不再设置。',
  bad_url: '这不是有效的网址。',
  bad_scheme: '只能使用 http 和 https 地址。',
  forbidden: 'Rivulet 服务器拒绝了这个请求。',
  too_many_redirects: '网站重定向次数过多。',
  timeout: '网站响应超时。',
  too_large: '返回的内容太大。',
  upstream_unreachable: '无法连接到该网站。',
  private_address:
    '这个来自订阅源的链接指向内网地址，Rivulet 服务器没有获取它。如果这个订阅源是你自己的，可以在“设置 → 常规”中允许访问内网。',
  network: '无法连接到 Rivulet 服务器。',
  proxy_error: 'Rivulet 服务器无法获取这个地址。',
  aborted: '已取消。',
  http_status: '网站返回了错误状态。',
  not_a_feed: '这个地址返回的是网页或其他文件，不是订阅源。',
  parse_error: '无法读取这个订阅源：格式不正确。',
  no_feed: '在这个地址没有找到订阅源。',
  not_opml: '这不是 OPML 文件。',
  empty_opml: '这个 OPML 文件里没有订阅源。',
  duplicate: '另一个订阅源已经在使用这个地址。',
  not_found: '它已经不存在了。',
  feed_not_found: '这个订阅源已经不存在了。',
  bad_input: '请检查输入的内容。',
  query_too_long: '查询太长了。',
  not_backup: '这不是 Rivulet 备份文件。',
  corrupt_backup: '这个备份文件已损坏。',
  truncated: '这个备份文件不完整。',
  internal: 'Rivulet 内部出了点问题。',
  quota_exceeded: '浏览器给 Rivulet 的存储空间已满，无法保存。',
  db_lost: '在应用打开期间，Rivulet 保存的数据被删除了。',
  querySyntax: '第 {line} 行第 {column} 列有语法错误。',
};
