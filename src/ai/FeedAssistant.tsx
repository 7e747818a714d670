import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconPlayerStop, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { ItemRow, Page } from '../engine/contract';
import { t as tNow, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { withEngine } from '../queries/engine';
import { parseArticleId, useArticleAddress } from '../items/articleAddress';
import { MarkdownView } from '../reader/MarkdownView';
import { AiErrorNotice, AiNotConfigured } from './AiErrorNotice';
import { loadSources, retrieve } from './assistant';
import { streamChat } from './chat';
import { AiError } from './errors';
import { buildAnswerMessages } from './prompts';
import { linkCitations } from './retrieve';
import { useAiEndpoint } from './useAiEndpoint';
import { type ItemViewKey, queryKeys } from '../queries/keys';

type Phase = 'idle' | 'retrieving' | 'answering' | 'done' | 'stopped' | 'error';

interface AssistantState {
  phase: Phase;
  /** The question this state belongs to. */
  question: string;
  ids: number[];
  answer: string;
  error: AiError | null;
}

/** What the /search screen mounts: the panel, and (after asking) the retrieved articles as its list. */
export interface FeedAssistantParts {
  panel: ReactNode;
  /** Set once articles were retrieved: ItemsView should list exactly these. */
  list: { listKey: ItemViewKey; fetchPage: (cursor: string | null) => Promise<Page<ItemRow>> } | null;
}

// Absolute: the sanitiser drops relative links (it has no base for model output).
const citationHref = (q: string, id: number) =>
  `${window.location.origin}/search?${new URLSearchParams({ q, open: String(id) }).toString()}`;

/**
 * The feed assistant for question `q` (the /search box): "Ask AI" retrieves the ~8 most relevant
 * recent articles (model keywords or local ones + full-text search), lists them, and streams an
 * answer grounded on them with citations [n] that open the article in the reader. Without AI the
 * panel only says how to turn it on (the screen stays plain full-text search).
 */
export function useFeedAssistant(q: string): FeedAssistantParts {
  const t = useT();
  const address = useArticleAddress();
  const { endpoint } = useAiEndpoint();
  const feeds = useQuery(feedsQuery());
  const [state, setState] = useState<AssistantState>({
    phase: 'idle',
    question: '',
    ids: [],
    answer: '',
    error: null,
  });
  const ctlRef = useRef<AbortController | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const current = state.question === q ? state : null;

  // A new question or leaving the screen cancels the running one.
  useEffect(() => () => ctlRef.current?.abort(), [q]);

  const ask = () => {
    ctlRef.current?.abort();
    const ctl = new AbortController();
    ctlRef.current = ctl;
    const titles = new Map((feeds.data ?? []).map((f) => [f.id, f.title]));
    const set = (patch: Partial<AssistantState>) => {
      if (!ctl.signal.aborted || patch.phase === 'stopped') setState((s) => ({ ...s, ...patch }));
    };
    setState({ phase: 'retrieving', question: q, ids: [], answer: '', error: null });
    const run = async () => {
      const found = await retrieve(q, endpoint, ctl.signal);
      set({ ids: found.rows.map((r) => r.id) });
      if (found.rows.length === 0) {
        set({
          phase: 'done',
          answer: tNow('ai.assistant.noMatch'),
        });
        return;
      }
      const sources = await loadSources(found.rows, (id) => titles.get(id) ?? '');
      set({ phase: 'answering', ids: sources.map((s) => s.id) });
      const answer = await streamChat(endpoint, buildAnswerMessages(q, sources), (t) => set({ answer: t }), {
        signal: ctl.signal,
      });
      set({ phase: 'done', answer });
    };
    run().catch((err: unknown) => {
      if (ctl.signal.aborted) {
        set({ phase: 'stopped' });
        return;
      }
      const error =
        err instanceof AiError
          ? err
          : new AiError(
              'network',
              err instanceof Error ? err.message : String(err),
              tNow('ai.errors.tryAgain'),
            );
      set({ phase: 'error', error });
    });
  };

  const ids = current?.ids ?? [];
  const idsKey = ids.join(',');
  const list = useMemo(() => {
    if (!idsKey) return null;
    const list = idsKey.split(',').map(Number);
    return {
      listKey: queryKeys.itemViews.assistant(q, idsKey),
      fetchPage: async () => {
        const rows = await withEngine((e) => e.items.byIds(list));
        return { rows, next: null, total: rows.length };
      },
    };
  }, [q, idsKey]);

  // Citation links open the article in the list below (in the reader) instead of navigating.
  const onClick = (e: MouseEvent) => {
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!href) return;
    const url = new URL(href, window.location.href);
    const open = url.searchParams.get('open');
    if (url.origin !== window.location.origin || url.pathname !== '/search' || !open) return;
    e.preventDefault();
    // Same route and query: `open` is the list's article address (items/articleAddress.ts).
    const id = parseArticleId(open);
    if (id !== null) address.open(id, address.openId === null ? 'push' : 'replace');
  };

  const answerMd = current ? linkCitations(current.answer, current.ids, (id) => citationHref(q, id)) : '';
  const busy = current?.phase === 'retrieving' || current?.phase === 'answering';

  const panel = !q ? null : endpoint.kind === 'none' ? (
    <div style={{ marginTop: 8 }}>
      <AiNotConfigured what="assistant" />
    </div>
  ) : (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mt={8}
      ref={rootRef}
      onClick={onClick}
      data-testid="assistant"
      data-phase={current?.phase ?? 'idle'}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          <IconSparkles size={14} /> {t('ai.assistant.ask', { question: q })}
        </Text>
        {busy ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlayerStop size={14} />}
            onClick={() => ctlRef.current?.abort()}
            data-testid="assistant-stop"
          >
            {t('ai.assistant.stop')}
          </Button>
        ) : (
          <Button size="compact-sm" variant="light" onClick={ask} data-testid="assistant-ask">
            {current ? t('ai.assistant.askAgain') : t('ai.assistant.askAi')}
          </Button>
        )}
      </Group>
      {current?.phase === 'retrieving' && (
        <Group gap="xs" mt={6}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('ai.assistant.finding')}
          </Text>
        </Group>
      )}
      {answerMd && (
        <div data-testid="assistant-answer">
          <MarkdownView markdown={answerMd} silent />
        </div>
      )}
      {current?.phase === 'answering' && !current.answer && <Loader size="xs" mt={6} />}
      {current?.phase === 'stopped' && (
        <Text size="xs" c="dimmed">
          {t('ai.assistant.stopped')}
        </Text>
      )}
      {current?.error && <AiErrorNotice error={current.error} onRetry={ask} />}
      {ids.length > 0 && (
        <Text size="xs" c="dimmed" mt={4} data-testid="assistant-sources-note">
          {t('ai.assistant.basedOn', { count: ids.length })}
        </Text>
      )}
    </Paper>
  );
  return { panel, list };
}
