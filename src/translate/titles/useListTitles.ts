import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { streamChat } from '../../ai/chat';
import { useAiEndpoint } from '../../ai/useAiEndpoint';
import type { ItemRow } from '../../engine/contract';
import { t, useLanguage } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { withEngine } from '../../queries/engine';
import { feedsQuery } from '../../queries/feeds';
import { useSettingsGroup } from '../../settings/useSettings';
import { languageName, targetTag } from '../languages';
import { TitleTranslator } from './titleTranslator';

/**
 * How long rows may keep saying what they show before the lookup starts: one lookup and one
 * request cover a whole screen of rows instead of one each.
 */
const GATHER_MS = 40;

/** The one title translator of this tab. */
export const titleTranslator = new TitleTranslator({
  check: (titles, lang) => withEngine((e) => e.ai.checkTitles(titles, lang)),
  put: (titles, lang, model) => withEngine((e) => e.ai.putTitles(titles, lang, model)),
  stream: streamChat,
  languageName: (tag) => languageName(tag, 'en'),
  onError: (err) =>
    notifications.show({
      color: 'red',
      message: t('ai.titles.failed', { message: errorText(err) }),
      autoClose: 8000,
    }),
  later: (fn) => void setTimeout(fn, GATHER_MS),
});

/** The language list titles are translated into (setting `integrated.translateTo`, else the UI's). */
export function useTitleTarget(): string {
  const ui = useLanguage();
  const { translateTo } = useSettingsGroup('integrated');
  return targetTag(translateTo, ui);
}

/**
 * For one list: the language each feed's titles are shown in (null for feeds with "Translate
 * titles in lists" off, the default). Keeps the translator's endpoint current.
 */
export function useTitleLanguage(): (feedId: number) => string | null {
  const feeds = useQuery(feedsQuery());
  const tag = useTitleTarget();
  const { endpoint } = useAiEndpoint();
  useEffect(() => titleTranslator.setEndpoint(endpoint), [endpoint]);
  const on = useMemo(
    () => new Set((feeds.data ?? []).filter((f) => f.translateTitles).map((f) => f.id)),
    [feeds.data],
  );
  return useCallback((feedId: number) => (on.has(feedId) ? tag : null), [on, tag]);
}

const noop = () => () => {};

/**
 * A row's title in `lang`, or null while there is none (off, on its way, already in that
 * language, failed): the row shows its original then. Asks for the translation after the render.
 */
export function useTranslatedTitle(row: ItemRow, lang: string | null): string | null {
  const { id, feedId, title } = row;
  const key = lang && title && !row.titleDerived ? TitleTranslator.key({ id, feedId, title }, lang) : '';
  const view = useSyncExternalStore(key ? (fn) => titleTranslator.subscribe(key, fn) : noop, () =>
    key ? titleTranslator.view(key) : undefined,
  );
  const missing = key !== '' && view === undefined;
  useEffect(() => {
    if (missing && lang) titleTranslator.want({ id, feedId, title }, lang);
  }, [missing, id, feedId, title, lang]);
  useEffect(() => {
    if (!key || !lang) return;
    return () => titleTranslator.unwant({ id, feedId, title }, lang);
  }, [key, id, feedId, title, lang]);
  return view?.kind === 'done' ? view.text : null;
}
