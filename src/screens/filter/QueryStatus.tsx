import { Code, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { CheckState } from '../../filters/checkState';
import { expectedText, warningText } from '../../filters/queryWords';
import { useT } from '../../i18n';

/**
 * The line under the editor: the match count, or the syntax error and what was expected. With
 * nothing typed (`empty`) it asks for a query, saying that an empty filter matches every article,
 * rather than tick "73 articles match" as if a query had been checked.
 */
export function QueryStatus({
  state,
  id,
  empty = false,
}: {
  state: CheckState;
  id: string;
  empty?: boolean;
}) {
  const t = useT();
  if (empty && (state.kind === 'ok' || state.kind === 'checking'))
    return (
      <div id={id} aria-live="polite" style={{ minHeight: 24 }} data-testid="query-status">
        <Text size="sm" c="dimmed" data-testid="query-empty">
          {state.kind === 'ok' && state.total > 0
            ? t('filter.query.emptyMatches', { count: state.total })
            : t('filter.query.empty')}
        </Text>
      </div>
    );
  return (
    <div id={id} aria-live="polite" style={{ minHeight: 24 }} data-testid="query-status">
      {state.kind === 'checking' && (
        <Group gap={6}>
          <Loader size={12} />
          <Text size="sm" c="dimmed">
            {t('filter.query.checking')}
          </Text>
        </Group>
      )}
      {state.kind === 'ok' && (
        <>
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
            <Text size="sm" data-testid="query-count" data-total={state.total}>
              {t('filter.query.matches', { count: state.total })}
            </Text>
          </Group>
          {state.warnings.map((w) => (
            <Group key={JSON.stringify(w)} gap={6} wrap="nowrap" mt={4}>
              <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" style={{ flex: 'none' }} />
              <Text size="sm" data-testid="query-warning" data-code={w.code}>
                {warningText(w)}
              </Text>
            </Group>
          ))}
        </>
      )}
      {state.kind === 'error' && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleX size={16} color="var(--mantine-color-red-6)" style={{ flex: 'none', marginTop: 2 }} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="red.7" data-testid="query-error">
              {state.message}
            </Text>
            {state.expected.length > 0 && (
              <Text size="xs" c="dimmed" mt={2} data-testid="query-expected">
                {t('filter.query.expected')}{' '}
                {state.expected.map((e, i) => (
                  <span key={expectedText(e)}>
                    {i > 0 && ' · '}
                    <Code>{expectedText(e)}</Code>
                  </span>
                ))}
              </Text>
            )}
          </div>
        </Group>
      )}
      {state.kind === 'failed' && (
        <Text size="sm" c="red.7" data-testid="query-failed">
          {t('filter.query.failed', { message: state.message })}
        </Text>
      )}
    </div>
  );
}
