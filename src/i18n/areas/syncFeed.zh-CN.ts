/** Simplified Chinese for the "load older" control on a synced feed's list; typed by English. */
import { type DeepStringRecord, plural } from '../types';
import type { syncFeedEn } from './syncFeed.en';

export const syncFeedZhCN: DeepStringRecord<typeof syncFeedEn> = {
  loadOlder: '从服务器加载更早的文章',
  added: plural({ other: '已添加 {count} 篇更早的文章' }),
  noMore: '服务器上没有更早的文章了',
  errors: {
    sync_auth: '服务器拒绝了用户名或密码。',
    sync_not_api: '这个地址没有以该 API 响应。请检查网址，并确认服务器上已启用该 API。',
    sync_network: '无法连接到服务器。请检查地址和网络连接。',
    sync_tls: '服务器的 HTTPS 证书被拒绝（已过期、自签名或不属于该域名）。',
    sync_timeout: '服务器响应超时。请稍后再试。',
    sync_http: '服务器返回了错误。',
    sync_bad_answer: '无法理解服务器的响应。',
    sync_connected: '已连接了另一个账户。请先退出登录。',
    sync_unsupported: 'Fever API 不能修改订阅。',
    bad_input: '请检查表单。',
    unknown: '出了点问题。',
  },
};
