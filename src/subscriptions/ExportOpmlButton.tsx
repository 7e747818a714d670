import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t as tNow, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { downloadOpmlExport } from './opmlFile';
import { errorText } from '../i18n/errorText';

/**
 * Downloads every subscription and group as `rivulet-subscriptions.opml`. With no feeds it is
 * shown disabled, its tooltip saying why; a tap (a phone shows no tooltip) says it in a notice
 * instead of downloading an empty file.
 */
export function ExportOpmlButton({ variant = 'default' }: { variant?: 'default' | 'light' | 'subtle' }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const feeds = useQuery(feedsQuery());
  const none = feeds.isSuccess && feeds.data.length === 0;
  const exportNow = () => {
    if (none) {
      notifications.show({ id: 'opml-export-none', message: tNow('subscribe.opml.exportNone') });
      return;
    }
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
  };
  return (
    <Tooltip label={t('subscribe.opml.exportNone')} disabled={!none} multiline maw={260}>
      <Button
        variant={variant}
        size="xs"
        leftSection={<IconFileExport size={14} />}
        loading={busy}
        // Not `disabled`: a disabled button gets no hover (no tooltip) and no tap (no notice).
        data-disabled={none || undefined}
        aria-disabled={none || undefined}
        data-testid="opml-export"
        onClick={exportNow}
      >
        {t('subscribe.opml.export')}
      </Button>
    </Tooltip>
  );
}
