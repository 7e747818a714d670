import { Button, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { AiOffBox, StreamedBox } from '../ai/StreamedBox';
import { useAiEndpoint } from '../ai/useAiEndpoint';
import type { Item } from '../engine/contract';
import { useLanguage, useT } from '../i18n';
import { bindKeys, keyHint } from '../keys/keyMap';
import type { ReaderMenuAction } from '../reader/readerActions';
import { sanitizeArticle } from '../reader/sanitize';
import { useShortcuts } from '../reader/shortcuts';
import { useSettingsGroup } from '../settings/useSettings';
import { hashString } from '../../shared/hash';
import type { BodyTranslation } from './bilingual';
import { languageName, targetOf, targetTag } from './languages';
import { TargetSelect } from './TargetSelect';
import { paragraphTexts } from './paragraphs';
import { type TranslationStatus, useTranslation } from './useTranslation';

/** A body shown instead of the feed's (the whole article). */
export interface ShownBody {
  html: string;
  baseUrl: string;
}

/** The reader's translation: a More-menu entry, the box above the article, and what the body draws. */
export interface ArticleTranslationParts {
  action: ReaderMenuAction;
  box: ReactNode;
  body: BodyTranslation | undefined;
}

const BUSY = new Set<TranslationStatus>(['checking', 'waiting', 'streaming']);
const SHOWN = new Set<TranslationStatus>(['waiting', 'streaming', 'done', 'stopped', 'error']);

/**
 * Translate in the reader: `t` or the More menu translates into the chosen language (setting
 * `integrated.translateTo`, also picked in the box), paragraphs fill in under the originals as
 * the answer streams; Cancel aborts the request (what arrived stays, unsaved); a saved
 * translation shows again on opening the article.
 */
export function useArticleTranslation(
  item: Item,
  shortcutsEnabled: boolean,
  /** The whole article the reader shows instead of the feed's body (translated instead), or null. */
  shown: ShownBody | null = null,
): ArticleTranslationParts {
  const t = useT();
  const ui = useLanguage();
  const { endpoint } = useAiEndpoint();
  const { translateTo } = useSettingsGroup('integrated');
  const tag = targetTag(translateTo, ui);
  const target = useMemo(() => targetOf(tag), [tag]);
  const webLink = /^https?:\/\//i.test(item.link) ? item.link : '';
  const html = shown ? shown.html : item.description;
  const baseUrl = shown ? shown.baseUrl : webLink;
  // Read once, when first needed (useTranslation.ts says when): not at every article opened.
  const paragraphs = useMemo(() => {
    let texts: readonly string[] | undefined;
    return () => (texts ??= paragraphTexts(sanitizeArticle(html, { baseUrl })));
  }, [html, baseUrl]);
  const version = useMemo(
    () => (shown ? `full-${hashString(shown.html)}` : item.contentHash),
    [shown, item.contentHash],
  );
  const { state, translate, cancel, hide } = useTranslation({
    itemId: item.id,
    source: shown ? 'full' : 'feed',
    contentHash: version,
    paragraphs,
    target,
    endpoint,
  });
  const [only, setOnly] = useState(false);
  const busy = BUSY.has(state.status);
  const start = () => {
    if (!busy) translate();
  };
  useShortcuts(bindKeys('reader', { translate: start }), { enabled: shortcutsEnabled });

  const action: ReaderMenuAction = {
    id: 'translate',
    label: t('ai.translate.button'),
    icon: <IconLanguage size={15} />,
    hint: keyHint('reader', 'translate'),
    disabled: busy,
    onSelect: start,
    testId: 'reader-translate',
  };

  const status = state.status;
  const body: BodyTranslation | undefined =
    SHOWN.has(status) && state.texts.length > 0
      ? { texts: state.texts, lang: tag, only, busy }
      : status === 'waiting'
        ? { texts: [], lang: tag, only: false, busy: true }
        : undefined;
  if (status === 'idle') return { action, box: null, body: undefined };
  if (status === 'error' && state.error?.kind === 'not_configured')
    return {
      action,
      body: undefined,
      box: <AiOffBox testId="translation" status={status} what="translation" />,
    };

  const done = state.texts.filter((x) => x !== '').length;
  const language = languageName(tag, ui);
  const picker = <TargetSelect testId="translation-language" />;
  let line: ReactNode = null;
  if (status === 'checking') line = t('ai.translate.checking');
  else if (status === 'waiting') line = t('ai.translate.working');
  else if (status === 'streaming') line = t('ai.translate.progress', { done, total: paragraphs().length });
  else if (status === 'stopped') line = t('ai.translate.stopped', { done });
  else if (status === 'same') line = t('ai.translate.same', { language });
  else if (status === 'empty') line = t('ai.translate.empty');
  else if (status === 'done') line = t('ai.translate.doneNote', { total: paragraphs().length, language });

  const box = (
    <StreamedBox
      testId="translation"
      status={status}
      cached={state.cached}
      busy={busy}
      heading={
        <>
          <IconLanguage size={12} /> {t('ai.translate.title')}
          {state.cached && ` · ${t('ai.translate.savedTag')}`}
        </>
      }
      headingExtra={picker}
      before={
        body && (
          <SegmentedControl
            size="xs"
            aria-label={t('ai.translate.view')}
            value={only ? 'only' : 'bilingual'}
            onChange={(v) => setOnly(v === 'only')}
            data={[
              { value: 'bilingual', label: t('ai.translate.bilingual') },
              { value: 'only', label: t('ai.translate.only') },
            ]}
            data-testid="translation-view"
          />
        )
      }
      stop={{ label: t('ai.translate.cancel'), onClick: cancel, testId: 'translation-cancel' }}
      again={
        status === 'stopped' || status === 'error'
          ? { label: t('ai.translate.again'), onClick: () => translate(), testId: 'translation-again' }
          : undefined
      }
      hide={{ label: t('ai.translate.hide'), onClick: hide, testId: 'translation-hide' }}
      error={state.error}
      onRetry={() => translate()}
    >
      {line && (
        <Group gap="xs" mt={6} wrap="nowrap">
          {busy && <Loader size="xs" />}
          <Text size="sm" c="dimmed" data-testid="translation-status">
            {line}
          </Text>
          {status === 'same' && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => translate(true)}
              data-testid="translation-anyway"
            >
              {t('ai.translate.anyway')}
            </Button>
          )}
        </Group>
      )}
    </StreamedBox>
  );
  return { action, box, body };
}
