import { REFRESH_INTERVAL } from '../../shared/refreshInterval';

/**
 * The settings schema: four groups, each a flat record whose default values also define each
 * key's type (see `merge.ts`). Stored in localStorage under `app-settings`.
 */

export type StartPage = 'welcome' | 'all' | 'today' | 'saved';
export type DefaultView = 'auto' | 'list' | 'card' | 'magazine' | 'column' | 'text';
export type ThemeMode = 'system' | 'light' | 'dark';
export type Density = 'default' | 'comfortable' | 'compact';
/** 'auto' follows the browser's languages (see src/i18n/detect.ts). */
export type LanguageSetting = 'auto' | 'en' | 'zh-CN';

export interface GeneralSettings {
  startPage: StartPage;
  defaultView: DefaultView;
  hideReadArticles: boolean;
  /** Mark as read when opened. */
  autoRead: boolean;
  /** Mark as read when scrolled past in a list (off by default, as in Feedly and Miniflux). */
  markReadOnScroll: boolean;
  /** On a touch screen, a sideways swipe across the article opens the next or previous one. */
  swipeArticles: boolean;
  autoRefresh: boolean;
  /** Seconds between automatic refreshes. */
  refreshInterval: number;
  pullDataFail: boolean;
  enableListAISummary: boolean;
  /** Delete read, unsaved articles older than this many days; 0 keeps everything. */
  retentionDays: number;
  /** The UI language; 'auto' follows the browser. */
  language: LanguageSetting;
  /**
   * Let links from feed content (article pages fetched for the full text) reach loopback and
   * private network addresses through the companion server (`&private=1`); off by default.
   */
  allowPrivateNetworks: boolean;
  /** System notifications for rules' notify action (off until the person turns it on). */
  notifications: boolean;
  /** The unread count as a badge on the installed app's icon (where the Badging API exists). */
  appBadge: boolean;
}

export interface AppearanceSettings {
  themeMode: ThemeMode;
  /** Accent colour as an `r, g, b` triple (kept in this form for compatibility with old data). */
  themeColor: string;
  fontFamily: string;
  codeFont: string;
  /** Base font size in px. */
  fontSize: number;
  density: Density;
  lessAnimation: boolean;
  hideSidebar: boolean;
  /** Sidebar width in px. */
  sidebarWidth: number;
}

export interface IntegratedSettings {
  apiUrl: string;
  apiKey: string;
  summaryPrompt: string;
  isApiValid: boolean;
  lastTestTime: string;
  selectedModel: string;
  /** Send calls to apiUrl through the companion server's relay (for endpoints without CORS). */
  useRelay: boolean;
  /** Language articles are translated into: 'ui' (the UI language) or a tag of TRANSLATE_TARGETS. */
  translateTo: string;
  /**
   * Say on /search and /filter that AI is off (with the link to set it up). The note's close
   * button turns this off for good; Settings → Integrations turns it on again.
   */
  aiOffNote: boolean;
}

/** Languages the reader can translate into (besides 'ui'); names come from Intl.DisplayNames. */
export const TRANSLATE_TARGETS = [
  'en',
  'zh-CN',
  'zh-TW',
  'ja',
  'ko',
  'fr',
  'de',
  'es',
  'pt',
  'it',
  'ru',
] as const;

/** One weighted keyword of a keyword filter (results ranked by relevance). */
export interface FilterKeyword {
  keyword: string;
  weight: number;
}

/**
 * A saved filter as stored. Fields are optional because old or hand-edited data may lack them;
 * `src/filters/savedFilters.ts` normalises entries (name, query '', createdAt 0) for the UI.
 * A filter holds either a query (docs/filter-language.md) or non-empty `keywords`.
 */
export interface SavedFilter {
  id: string;
  name?: string;
  query?: string;
  createdAt?: number;
  keywords?: FilterKeyword[];
}

export interface AutomationSettings {
  filters: SavedFilter[];
  /**
   * How far the saved filters have followed the engine's tag rename log (`tags.renames`):
   * `epoch:seq`, '' before any (src/tags/renameLog.ts).
   */
  tagRenames: string;
}

export interface AppSettings {
  general: GeneralSettings;
  appearance: AppearanceSettings;
  integrated: IntegratedSettings;
  automation: AutomationSettings;
}

export type SettingsGroup = keyof AppSettings;

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  'general',
  'appearance',
  'integrated',
  'automation',
];

export const SYSTEM_FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif';

/** Returns a fresh copy of the defaults (callers may mutate it). */
export function defaultSettings(): AppSettings {
  return {
    general: {
      startPage: 'welcome',
      defaultView: 'auto',
      hideReadArticles: true,
      autoRead: true,
      markReadOnScroll: false,
      swipeArticles: true,
      autoRefresh: true,
      refreshInterval: 1800,
      pullDataFail: false,
      enableListAISummary: false,
      retentionDays: 0,
      language: 'auto',
      allowPrivateNetworks: false,
      notifications: false,
      appBadge: true,
    },
    appearance: {
      themeMode: 'system',
      themeColor: '2, 114, 203',
      fontFamily: SYSTEM_FONT_STACK,
      codeFont: 'mono',
      fontSize: 14,
      density: 'default',
      lessAnimation: false,
      hideSidebar: false,
      sidebarWidth: 256,
    },
    integrated: {
      apiUrl: '',
      apiKey: '',
      // Empty: the built-in prompt in the interface language (src/ai/summaryPrompt.ts).
      summaryPrompt: '',
      isApiValid: false,
      lastTestTime: '',
      selectedModel: 'gpt-4o-mini',
      useRelay: false,
      translateTo: 'ui',
      aiOffNote: true,
    },
    automation: { filters: [], tagRenames: '' },
  };
}

/** Allowed values of the enumerated keys; a stored value outside the list falls back to the default. */
export const ENUMS: Partial<Record<string, readonly string[]>> = {
  'general.startPage': ['welcome', 'all', 'today', 'saved'],
  'general.defaultView': ['auto', 'list', 'card', 'magazine', 'column', 'text'],
  'general.language': ['auto', 'en', 'zh-CN'],
  'integrated.translateTo': ['ui', ...TRANSLATE_TARGETS],
  'appearance.themeMode': ['system', 'light', 'dark'],
  'appearance.density': ['default', 'comfortable', 'compact'],
};

/** Allowed [min, max] of bounded numeric keys; a stored value outside falls back to the default. */
export const RANGES: Partial<Record<string, readonly [number, number]>> = {
  'general.retentionDays': [0, 3650],
  // The engine's own rule (shared/refreshInterval.ts): one check, so a value kept here is one
  // the engine accepts.
  'general.refreshInterval': [REFRESH_INTERVAL.min, REFRESH_INTERVAL.max],
};
