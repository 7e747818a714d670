import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconPlayerStop, IconRefresh, IconX } from '@tabler/icons-react';
import { forwardRef, type ReactNode } from 'react';
import { AiErrorNotice, AiNotConfigured } from './AiErrorNotice';
import type { AiError } from './errors';

/** A button of the box: its label (also the tooltip unless one is given), action and test id. */
interface BoxButton {
  label: string;
  tooltip?: string;
  onClick: () => void;
  testId: string;
}

export interface StreamedBoxProps {
  /** `data-testid` of the box ('ai-summary', 'translation'); carries `data-status`, `data-cached`. */
  testId: string;
  status: string;
  cached: boolean;
  busy: boolean;
  /** The heading: icon and words (with the saved/stopped tags). */
  heading: ReactNode;
  /** Beside the heading (the translation's language picker). */
  headingExtra?: ReactNode;
  /** Controls before Stop/again (the translation's view switch). */
  before?: ReactNode;
  /** While busy: the Stop / Cancel button. */
  stop: BoxButton;
  /** While not busy: run again (omit where it does not apply). */
  again?: BoxButton;
  /** Controls between Stop/again and Hide (the summary's Copy). */
  after?: ReactNode;
  hide: BoxButton;
  error?: AiError | null;
  onRetry: () => void;
  children?: ReactNode;
}

/** A small icon button of the box's heading (a Tooltip may wrap it, hence the ref). */
const BoxIcon = forwardRef<HTMLButtonElement, { button: BoxButton; icon: ReactNode }>(function BoxIcon(
  { button, icon, ...rest },
  ref,
) {
  return (
    <ActionIcon
      ref={ref}
      {...rest}
      size="sm"
      variant="subtle"
      color="gray"
      aria-label={button.label}
      onClick={button.onClick}
      data-testid={button.testId}
    >
      {icon}
    </ActionIcon>
  );
});

/**
 * The frame of a streamed AI answer above the article (the summary, the translation): heading,
 * Stop while it streams or "again" after, Hide, the answer, an inline error with retry.
 */
export function StreamedBox(p: StreamedBoxProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mb="md"
      data-testid={p.testId}
      data-status={p.status}
      data-cached={p.cached || undefined}
      aria-busy={p.busy}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" fw={600} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {p.heading}
          </Text>
          {p.headingExtra}
        </Group>
        <Group gap={4} wrap="nowrap">
          {p.before}
          {p.busy ? (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconPlayerStop size={12} />}
              onClick={p.stop.onClick}
              data-testid={p.stop.testId}
            >
              {p.stop.label}
            </Button>
          ) : (
            p.again && (
              <Tooltip label={p.again.tooltip ?? p.again.label}>
                <BoxIcon button={p.again} icon={<IconRefresh size={14} />} />
              </Tooltip>
            )
          )}
          {p.after}
          <BoxIcon button={p.hide} icon={<IconX size={14} />} />
        </Group>
      </Group>
      {p.children}
      {p.error && (
        <div style={{ marginTop: 6 }}>
          <AiErrorNotice error={p.error} onRetry={p.onRetry} />
        </div>
      )}
    </Paper>
  );
}

/** AI switched off is not a failure: one line and the way to the settings, no frame. */
export function AiOffBox({
  testId,
  status,
  what,
}: {
  testId: string;
  status: string;
  what: 'summary' | 'translation';
}) {
  return (
    <div className="rv-ai-off" data-testid={testId} data-status={status}>
      <AiNotConfigured what={what} />
    </div>
  );
}
