import { Text } from '@mantine/core';
import { useT } from '../i18n';

/**
 * The technical detail of a notice, folded away under "Details": people read the words above it,
 * and whoever needs the browser's own text (a bug report, a search) can still open it.
 */
export function Disclosure({ text, testId }: { text: string; testId?: string }) {
  const t = useT();
  return (
    <details data-testid={testId} style={{ marginTop: 6 }}>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>
        {t('robust.details')}
      </summary>
      <Text
        component="pre"
        size="xs"
        c="dimmed"
        mt={4}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}
      >
        {text}
      </Text>
    </details>
  );
}
