import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../i18n';
import { errorText } from '../i18n/errorText';

/** Shown where engine data should be: says what failed and offers a retry. */
export function EngineError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('errors.engineTitle')}
      data-testid="engine-error"
    >
      {errorText(error)}
      <div style={{ marginTop: 10 }}>
        <Button size="xs" variant="light" color="red" onClick={onRetry} data-testid="engine-retry">
          {t('common.retry')}
        </Button>
      </div>
    </Alert>
  );
}
