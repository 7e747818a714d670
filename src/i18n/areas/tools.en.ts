/**
 * English for the sidebar's tools menu (src/layout/SidebarTools.tsx): the screens a reader needs
 * now and then (add feeds, import, bundles, sync, backup), reachable at any time after the first
 * run. Wired into `en.ts` as the `tools` area.
 */
export const toolsEn = {
  more: 'More',
  moreTip: 'Subscribe, import, bundles, sync, backup',
  menuLabel: 'More tools',
  sectionAdd: 'Add feeds',
  sectionAccount: 'Your data',
  subscribe: 'Subscribe to a feed',
  importOpml: 'Import OPML',
  bundles: 'Bundles',
  sync: 'Sync account',
  backup: 'Backup & storage',
  manageFeeds: 'Manage feeds',
  settings: 'Settings',
  shortcuts: 'Keyboard shortcuts',
  // Short labels under the sidebar's bottom icons in the phone's drawer (about 44 px each).
  short: {
    feeds: 'Feeds',
    filters: 'Filters',
    search: 'Search',
    download: 'Backup',
    more: 'More',
    theme: 'Theme',
    settings: 'Settings',
  },
};
