import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown where engine data should be: says what failed and offers a retry. */
export function EngineError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="The reading engine did not answer"
      data-testid="engine-error"
    >
      {error.message}
      <div style={{ marginTop: 10 }}>
        <Button size="xs" variant="light" color="red" onClick={onRetry} data-testid="engine-retry">
          Retry
        </Button>
      </div>
    </Alert>
  );
}
