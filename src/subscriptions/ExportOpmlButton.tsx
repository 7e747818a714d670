import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { t as tNow, useT } from '../i18n';
import { downloadOpmlExport } from './opmlFile';
import { errorText } from '../i18n/errorText';

/** Downloads every subscription and group as `rivulet-subscriptions.opml`. */
export function ExportOpmlButton({ variant = 'default' }: { variant?: 'default' | 'light' | 'subtle' }) {
  const t = useT();
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
              title: tNow('subscribe.opml.exportFailed'),
              message: errorText(err),
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('subscribe.opml.export')}
    </Button>
  );
}
