import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useT } from '../i18n';
import { openSettings } from '../settings/dialogState';
import type { AiError } from './errors';

/** An AI failure shown inline: what happened, what to do, a settings link and a retry. */
export function AiErrorNotice({ error, onRetry }: { error: AiError; onRetry?: () => void }) {
  const t = useT();
  // Nothing failed: AI is simply off. One line says so, with the way to turn it on.
  if (error.kind === 'not_configured')
    return (
      <Text size="sm" c="dimmed" data-testid="ai-error" data-kind={error.kind}>
        {error.message} <SetUpAiLink />
      </Text>
    );
  const toSettings = error.kind === 'auth' || error.kind === 'network';
  return (
    <Alert
      color="red"
      variant="light"
      title={t(`ai.errorTitles.${error.kind}`)}
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
            data-touch-link=""
          >
            {t('ai.openSettings')}
          </Anchor>
        )}
        {onRetry && (
          <Button size="compact-xs" variant="default" onClick={onRetry} data-testid="ai-retry">
            {t('ai.tryAgain')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** "AI is not configured" with the link to the Integrations tab; `what` names the feature that is off. */
export function AiNotConfigured({
  what,
}: {
  what: 'listSummaries' | 'describe' | 'assistant' | 'summary' | 'translation';
}) {
  const t = useT();
  return (
    <Text size="sm" c="dimmed" data-testid="ai-not-configured">
      {t('ai.notConfigured', { what: t(`ai.features.${what}`) })} <SetUpAiLink />
    </Text>
  );
}

/** The one "Set up AI" link: opens Settings on the Integrations tab. */
function SetUpAiLink() {
  const t = useT();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => openSettings('integrations')}
      data-testid="ai-open-settings"
      data-touch-link=""
    >
      {t('ai.setUp')}
    </Anchor>
  );
}
