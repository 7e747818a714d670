/** English for system notifications and the app badge (src/pwa/notifications.ts, Settings → General). */
import { plural } from '../types';

export const notifyEn = {
  section: 'Notifications',
  enable: 'Notifications from rules',
  enableDesc:
    'Show a system notification when a rule with the “Notify” action matches new articles. The browser asks for permission when you turn this on.',
  state: {
    granted: 'Allowed by the browser.',
    default: 'The browser has not been asked yet.',
    denied:
      'Blocked by the browser. To allow them, open the site settings (the icon left of the address bar, or Settings → Privacy and security → Site settings → Notifications), allow Rivulet, then reload.',
    unsupported: 'This browser cannot show notifications from Rivulet.',
  },
  noWorker: 'Notifications need the offline app (service worker), which is not running in this tab.',
  test: 'Send a test notification',
  testTitle: 'Rivulet notifications work',
  testBody: 'Articles matched by a rule with “Notify” will appear like this.',
  testSent: 'Test notification sent',
  testFailed: 'Could not show a notification: {message}',
  grouped: plural({
    one: '{count} new article from rules',
    other: '{count} new articles from rules',
  }),
  groupedMore: plural({ one: '…and {count} more', other: '…and {count} more' }),
  badge: 'Unread count on the app icon',
  badgeDesc: 'In the installed app, show the number of unread articles as a badge on its icon.',
  badgeUnsupported: 'This browser does not show app badges.',
};
