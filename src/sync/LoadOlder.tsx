import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { loadOlder } from './api';
import { errorAdvice } from './errorAdvice';

interface State {
  busy: boolean;
  more: boolean;
  added: number | null;
  error: string | null;
}

const INITIAL: State = { busy: false, more: true, added: null, error: null };
/**
 * The load-older state of each feed, kept while the tab lives: one feed reaching its end leaves
 * the others' buttons alone, and coming back to a feed shows where it stands.
 */
const states = new Map<number, State>();
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const setState = (feedId: number, next: (s: State) => State) => {
  states.set(feedId, next(states.get(feedId) ?? INITIAL));
  for (const l of listeners) l();
};

/**
 * "Load older" for a feed brought by a sync account: asks the account's server for the next
 * page of older articles (the engine retries a failed page a bounded number of times). Renders
 * nothing for local feeds. New rows reach the list through the engine's items-added event.
 */
export function LoadOlder({ feedId }: { feedId: number }) {
  const t = useT();
  const { data: feeds } = useQuery(feedsQuery());
  const state = useSyncExternalStore(subscribe, () => states.get(feedId) ?? INITIAL);
  const feed = feeds?.find((f) => f.id === feedId);
  if (!feed?.account) return null;

  const run = () => {
    setState(feedId, (s) => ({ ...s, busy: true, error: null }));
    loadOlder(feedId).then(
      ({ added, more }) => setState(feedId, () => ({ busy: false, more, added, error: null })),
      (err: unknown) => setState(feedId, (s) => ({ ...s, busy: false, error: errorAdvice(err).title })),
    );
  };

  return (
    <Group gap="xs" px="md" py={6} data-testid="load-older">
      <Button
        size="xs"
        variant="light"
        loading={state.busy}
        disabled={!state.more}
        data-feed={feedId}
        onClick={run}
        data-testid="load-older-button"
      >
        {t('syncFeed.loadOlder')}
      </Button>
      {state.added !== null && (
        <Text size="xs" c="dimmed" data-testid="load-older-result">
          {state.more ? t('syncFeed.added', { count: state.added }) : t('syncFeed.noMore')}
        </Text>
      )}
      {state.error && (
        <Text size="xs" c="red" data-testid="load-older-error">
          {state.error}
        </Text>
      )}
    </Group>
  );
}
