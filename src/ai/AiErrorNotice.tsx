import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { openSettings } from '../settings/dialogState';
import type { AiError } from './errors';

const TITLES: Record<AiError['kind'], string> = {
  not_configured: 'AI is not configured',
  auth: 'API key refused',
  rate_limit: 'Rate limited',
  server: 'AI service error',
  network: 'Network problem',
  cors: 'Blocked by the browser (CORS)',
  timeout: 'Timed out',
  bad_response: 'Unexpected answer',
  broken_stream: 'Answer cut off',
  bad_request: 'Request refused',
};

/** An AI failure shown inline: what happened, what to do, a settings link and a retry. */
export function AiErrorNotice({ error, onRetry }: { error: AiError; onRetry?: () => void }) {
  const toSettings = error.kind === 'not_configured' || error.kind === 'auth' || error.kind === 'network';
  return (
    <Alert
      color={error.kind === 'not_configured' ? 'gray' : 'red'}
      variant="light"
      title={TITLES[error.kind]}
      data-testid="ai-error"
      data-kind={error.kind}
    >
      <Text size="sm">{error.message}</Text>
      <Text size="sm" c="dimmed" data-testid="ai-error-hint">
        {error.hint}
      </Text>
      <Group gap="xs" mt={6}>
        {toSettings && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => openSettings('integrations')}
            data-testid="ai-open-settings"
          >
            Open AI settings
          </Anchor>
        )}
        {onRetry && error.kind !== 'not_configured' && (
          <Button size="compact-xs" variant="default" onClick={onRetry} data-testid="ai-retry">
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** "AI is not configured" with the link to the Integrations tab. */
export function AiNotConfigured({ what }: { what: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid="ai-not-configured">
      AI is not configured, so {what} is off.{' '}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => openSettings('integrations')}
        data-testid="ai-open-settings"
      >
        Set up AI in Settings → Integrations
      </Anchor>
    </Text>
  );
}
