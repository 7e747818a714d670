import type { Language } from '../i18n';
import type { Bundle } from './bundles';
import { BUNDLES_ZH_CN } from './bundles.zh-CN';

/**
 * A curated bundle in the language in effect: title, description and feed descriptions
 * translated (bundles.zh-CN.ts), addresses and publisher names as they are. English, a bundle
 * made on this device, or a text missing from the translation is shown as written.
 */
export function localizeBundle(bundle: Bundle, lang: Language): Bundle {
  if (lang !== 'zh-CN') return bundle;
  const zh = BUNDLES_ZH_CN[bundle.id];
  if (!zh) return bundle;
  return {
    ...bundle,
    title: zh.title,
    description: zh.description,
    feeds: bundle.feeds.map((f) => ({ ...f, description: zh.feeds[f.url] ?? f.description })),
  };
}
