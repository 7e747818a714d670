import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadOpmlExport } from './opmlFile';

/** Downloads every subscription and group as `rivulet-subscriptions.opml`. */
export function ExportOpmlButton({ variant = 'default' }: { variant?: 'default' | 'light' | 'subtle' }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      size="xs"
      leftSection={<IconFileExport size={14} />}
      loading={busy}
      data-testid="opml-export"
      onClick={() => {
        setBusy(true);
        downloadOpmlExport()
          .catch((err: unknown) =>
            notifications.show({
              color: 'red',
              title: 'Export failed',
              message: err instanceof Error ? err.message : String(err),
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      Export OPML
    </Button>
  );
}
