import { Alert, Anchor, Button, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { useT } from '../i18n';
import { openSettings } from '../settings/dialogState';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
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

/** Features whose note is shown unasked, on every search or filter: it can be put away for good. */
const PASSIVE = new Set(['describe', 'assistant']);

/**
 * "AI is not configured" with the link to the Integrations tab; `what` names the feature that is
 * off. Where the note comes unasked (the feed assistant on /search, describing filters on
 * /filter) it has a close button that hides it for good (`integrated.aiOffNote`, turned on again
 * in Settings → Integrations); where a person asked for the feature (a summary, a translation)
 * it always says why nothing happens.
 */
export function AiNotConfigured({
  what,
  inset = false,
}: {
  what: 'listSummaries' | 'describe' | 'assistant' | 'summary' | 'translation';
  /** Set in by a card's padding (under a card whose text it should line up with). */
  inset?: boolean;
}) {
  const t = useT();
  const { aiOffNote } = useSettingsGroup('integrated');
  const passive = PASSIVE.has(what);
  if (passive && !aiOffNote) return null;
  const text = (
    <Text
      size="sm"
      c="dimmed"
      data-testid="ai-not-configured"
      style={passive ? { flex: 1, minWidth: 0 } : undefined}
    >
      {t('ai.notConfigured', { what: t(`ai.features.${what}`) })} <SetUpAiLink />
    </Text>
  );
  if (!passive) return text;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" {...(inset && { px: 'sm', pt: 6, pb: 2 })}>
      {text}
      <Tooltip label={t('ai.hideOffNoteTip')} multiline maw={260}>
        <CloseButton
          size="sm"
          aria-label={t('ai.hideOffNote')}
          onClick={() => updateSettings('integrated', { aiOffNote: false })}
          data-testid="ai-not-configured-hide"
        />
      </Tooltip>
    </Group>
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
