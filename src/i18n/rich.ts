import { Fragment, type ReactNode, createElement } from 'react';
import { getLanguage } from './language';
import { DICTIONARIES } from './dictionaries';
import type { TArgs, TKey } from './keys';
import { interpolateParts, template } from './translate';

/**
 * Like `t`, but placeholder values may be React nodes, so a translated sentence can hold
 * markup: `tRich('login.connectedTo', { url: <b>{url}</b>, user: <b>{name}</b> })`. Returns an
 * array of keyed fragments to render as children. Plural keys still need a numeric `count`.
 * Uses the language in effect at the call; call it during render after `useT()` (or
 * `useLanguage()`) so the component re-renders on change.
 */
export function tRich<K extends TKey>(
  key: K,
  params: Record<string, ReactNode> & (TArgs<K>[0] extends { count: number } ? { count: number } : unknown),
): ReactNode[] {
  const lang = getLanguage();
  const text = template({ primary: DICTIONARIES[lang], fallback: DICTIONARIES.en }, lang, key, params);
  return interpolateParts<ReactNode>(text, params, lang).map((part, i) =>
    createElement(Fragment, { key: i }, part),
  );
}
