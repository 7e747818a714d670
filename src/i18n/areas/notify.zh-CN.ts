/** 简体中文：系统通知与应用角标（src/pwa/notifications.ts，设置 → 常规）。 */
import { plural, type DeepStringRecord } from '../types';
import type { notifyEn } from './notify.en';

export const notifyZhCN: DeepStringRecord<typeof notifyEn> = {
  section: '通知',
  enable: '规则通知',
  enableDesc: '带有“通知”动作的规则匹配到新文章时，显示系统通知。开启时浏览器会请求通知权限。',
  state: {
    granted: '浏览器已允许。',
    default: '尚未向浏览器请求权限。',
    denied:
      '已被浏览器阻止。如需允许，请打开网站设置（地址栏左侧的图标，或 设置 → 隐私和安全 → 网站设置 → 通知），允许 Rivulet 后重新加载页面。',
    unsupported: '此浏览器无法显示 Rivulet 的通知。',
  },
  noWorker: '通知需要离线应用（Service Worker），但它未在此标签页中运行。',
  test: '发送测试通知',
  testTitle: 'Rivulet 通知正常',
  testBody: '带有“通知”动作的规则匹配到的文章会这样显示。',
  testSent: '测试通知已发送',
  testFailed: '无法显示通知：{message}',
  grouped: plural({ other: '规则匹配到 {count} 篇新文章' }),
  groupedMore: plural({ other: '…另有 {count} 篇' }),
  badge: '应用图标显示未读数',
  badgeDesc: '在已安装的应用中，以角标形式在图标上显示未读文章数。',
  badgeUnsupported: '此浏览器不支持应用角标。',
};
