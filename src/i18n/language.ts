/**
 * The language in effect for this tab: the `general.language` setting, or the browser's
 * preference when it is 'auto'. Follows setting changes (this tab and others) and the browser's
 * `languagechange` event, keeps `<html lang>` in step, and notifies subscribers on change.
 */
import { settingsStore } from '../settings/useSettings';
import { resolveLanguage } from './detect';
import type { Language } from './types';

const listeners = new Set<() => void>();

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function compute(): Language {
  return resolveLanguage(settingsStore.getSnapshot().general.language, browserLanguages());
}

let current: Language = compute();

function applyToDocument(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

function refresh(): void {
  const next = compute();
  if (next === current) return;
  current = next;
  applyToDocument(next);
  for (const l of listeners) l();
}

applyToDocument(current);
settingsStore.subscribe(refresh);
if (typeof window !== 'undefined') window.addEventListener('languagechange', refresh);

/** The language in effect now (cheap: a variable read). */
export function getLanguage(): Language {
  return current;
}

/** Calls `listener` after each change of language; returns the function that stops it. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
