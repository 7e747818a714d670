import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../i18n';
import { errorText } from '../i18n/errorText';

// Errors in what the reader asked for (a query that does not parse or is too long): running it
// again cannot help, so they get their own title and no Retry.
const QUERY_CODES = new Set(['query_syntax', 'query_too_long']);

/** Whether `error` is the engine refusing a query the reader wrote, not the engine failing. */
function isQueryError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && QUERY_CODES.has(code);
}

/** Shown where engine data should be: says what failed and offers a retry. */
export function EngineError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  const query = isQueryError(error);
  return (
    <Alert
      color={query ? 'orange' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={query ? t('errors.queryTitle') : t('errors.engineTitle')}
      data-testid={query ? 'query-run-error' : 'engine-error'}
    >
      {errorText(error)}
      {query ? (
        <Text size="sm" mt={6}>
          {t('errors.queryHint')}
        </Text>
      ) : (
        <div style={{ marginTop: 10 }}>
          <Button size="xs" variant="light" color="red" onClick={onRetry} data-testid="engine-retry">
            {t('common.retry')}
          </Button>
        </div>
      )}
    </Alert>
  );
}
