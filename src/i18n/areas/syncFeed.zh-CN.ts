/** Simplified Chinese for the "load older" control on a synced feed's list; typed by English. */
import { type DeepStringRecord, plural } from '../types';
import type { syncFeedEn } from './syncFeed.en';

export const syncFeedZhCN: DeepStringRecord<typeof syncFeedEn> = {
  loadOlder: '从服务器加载更早的文章',
  added: plural({ other: '已添加 {count} 篇更早的文章' }),
  noMore: '服务器上没有更早的文章了',
  status: {
    synced: '{when}已同步',
    never: '尚未同步',
    syncing: '正在同步…',
    pending: plural({ other: '{count} 项更改待发送' }),
    problem: {
      relogin: '服务器不再接受你的登录',
      settings: '需要检查账户地址',
      retry: '上次同步失败',
      wait: '服务器要求 Rivulet 稍后再同步',
    },
    action: { relogin: '重新登录', retry: '重试', settings: '打开账户', force: '仍然同步' },
    resumes: '将于{when}自动恢复同步。',
  },
  leftServer: {
    title: plural({ other: '服务器上已没有 {count} 个订阅' }),
    message:
      '它们在其他设备上被退订，或在服务器上被隐藏。因为其中有你收藏、加了标签或做了高亮的文章，它们已作为仅在本浏览器中的订阅保留下来，所有文章都在。你可以保留它们，也可以在这里一并移除。',
    saved: plural({ other: '{count} 篇收藏的文章' }),
    tagged: plural({ other: '{count} 篇加了标签的文章' }),
    highlighted: plural({ other: '{count} 篇有高亮的文章' }),
    since: '自{when}起',
    separator: '，',
    keep: '保留',
    remove: '移除',
  },
  relogin: {
    title: '重新登录',
    intro:
      '请输入 {url} 上用户 {user} 的当前密码。你的订阅、文章和待发送的更改都会保留，登录后立即发送这些更改。',
    password: '密码',
    submit: '登录并同步',
  },
  logoutPending: {
    title: '还有更改没有发送到服务器',
    message: plural({ other: '还有 {count} 项更改（已读或收藏）等待发送到服务器。' }),
    keep: '如果仍然退出，这些更改会被保留，并在你重新登录此账户时发送。',
    send: '先发送，再退出',
    anyway: '仍然退出',
    cancel: '取消',
  },
  login: {
    useAddress: '改用 {url}',
    former:
      '你已退出 {url}（用户 {user}），保留了 {count} 个订阅。重新登录同一账户即可重新关联它们：订阅和文章都不会重复，待发送的更改也会发送。',
    formerOther:
      '从 {url}（用户 {user}）保留的 {count} 个订阅会原样留在这里：以 {newUser} 登录会把该账户的订阅加在它们旁边，两边都订阅的源会出现两次。',
    removeKept: '先移除保留的订阅',
    reattached: plural({ other: '此处已有的 {count} 个订阅已重新关联（没有重复）。' }),
    importsWhat: '只导入未读和已收藏的文章。',
    readDays: '同时导入已读文章，范围为最近',
    readDaysNone: '不导入',
    days: plural({ other: '{count} 天' }),
    feverLimit: 'Fever API 只列出未读和已收藏的文章；更早的文章可以在各订阅中用“加载更早的文章”获取。',
  },
  destination: {
    account: '新订阅会添加到你的账户 {url}（{user}）：由服务器订阅，所有与它同步的设备都会收到。',
    localOnly: '仅在此浏览器中',
    localNote: '现在添加的订阅只保存在此浏览器中，不会改动你的账户。',
    fever:
      '你的 Fever 账户（{url}）不能添加订阅：请在服务器上管理订阅（FreshRSS：订阅管理；Miniflux：订阅源），下次同步时会出现在这里。在这里添加的订阅只保存在此浏览器中。',
  },
  errors: {
    sync_auth: '服务器拒绝了用户名或密码。',
    sync_not_api: '这个地址没有以该 API 响应。请检查网址，并确认服务器上已启用该 API。',
    sync_network: '无法连接到服务器。请检查地址和网络连接。',
    sync_tls: '服务器的 HTTPS 证书被拒绝（已过期、自签名或不属于该域名）。',
    sync_timeout: '服务器响应超时。请稍后再试。',
    sync_http: '服务器返回了错误。',
    sync_rate: '服务器收到的请求过多，要求 Rivulet 稍等一段时间再试。',
    sync_too_large: '服务器的响应超过了 Rivulet 服务器可转发的上限（10 MB）。',
    sync_bad_answer: '无法理解服务器的响应。',
    sync_connected: '已连接了另一个账户。请先退出登录。',
    sync_unsupported: 'Fever API 不能修改订阅。',
    sync_refused: '服务器拒绝了这项更改。',
    bad_input: '请检查表单。',
    unknown: '出了点问题。',
  },
};
