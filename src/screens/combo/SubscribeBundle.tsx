import { Alert, Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { Bundle } from '../../data/bundles';
import { JobProgressView, JobSummaryView } from '../../subscriptions/JobProgressView';
import { syncJob, useJob } from '../../subscriptions/jobStore';
import { offerUndoWhenFinished } from '../../subscriptions/jobUndo';
import { RemoveAddedButton } from '../../subscriptions/RemoveAddedButton';
import { subscribeBundle } from './api';
import { type Into, SubscribeDestination, intoRequest } from '../../sync/SubscribeDestination';
import { urlKey } from '../../../shared/urlKey';
import { useT } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { Dialog } from '../../components/Dialog';

/**
 * Subscribing to a bundle in one step: tick the feeds (already subscribed ones are shown and
 * skipped), name the group (the bundle's title by default), then one engine job with progress
 * and a summary (added, skipped, failed with reasons, new articles).
 */
export function SubscribeBundle({
  bundle,
  subscribed,
  onClose,
}: {
  bundle: Bundle | null;
  subscribed: ReadonlySet<string>;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      opened={bundle !== null}
      onClose={onClose}
      title={bundle ? t('combo.dialog.title', { title: bundle.title }) : ''}
      size="lg"
      centered
    >
      {/* Keyed by bundle: another bundle starts with fresh ticks, group name and job. */}
      {bundle && (
        <DialogBody key={JSON.stringify(bundle)} bundle={bundle} subscribed={subscribed} onClose={onClose} />
      )}
    </Dialog>
  );
}

function DialogBody({
  bundle,
  subscribed,
  onClose,
}: {
  bundle: Bundle;
  subscribed: ReadonlySet<string>;
  onClose: () => void;
}) {
  const t = useT();
  // Every feed not yet subscribed starts ticked; the group is named after the bundle.
  const [picked, setPicked] = useState<Set<string>>(
    () => new Set(bundle.feeds.filter((f) => !subscribed.has(urlKey(f.url))).map((f) => f.url)),
  );
  const [group, setGroup] = useState(bundle.title);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [into, setInto] = useState<Into>('account');
  const job = useJob(jobId);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const id = await subscribeBundle(
        bundle.feeds.filter((f) => picked.has(f.url)),
        group.trim() || bundle.title,
        intoRequest(into),
      );
      setJobId(id);
      offerUndoWhenFinished(id);
      await syncJob(id);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setStarting(false);
    }
  };

  const toggle = (url: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(url);
      else next.delete(url);
      return next;
    });
  const locked = starting || job !== undefined;

  return (
    <Stack gap="md" data-testid="bundle-dialog" data-bundle={bundle.id}>
      <Stack gap={6}>
        {bundle.feeds.map((f) => {
          const done = subscribed.has(urlKey(f.url));
          return (
            <Group key={f.url} justify="space-between" wrap="nowrap">
              <Checkbox
                label={f.title}
                description={f.url}
                checked={done || picked.has(f.url)}
                disabled={done || locked}
                onChange={(e) => toggle(f.url, e.currentTarget.checked)}
                data-testid="bundle-feed"
                data-url={f.url}
                styles={{ description: { wordBreak: 'break-all' } }}
              />
              {done && (
                <Badge variant="light" color="gray" style={{ flex: 'none' }}>
                  {t('combo.dialog.subscribed')}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
      <SubscribeDestination value={into} onChange={setInto} />
      <TextInput
        label={t('combo.dialog.group')}
        value={group}
        onChange={(e) => setGroup(e.currentTarget.value)}
        disabled={locked}
        data-testid="bundle-group"
      />
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('combo.dialog.failed')}
        >
          {error}
        </Alert>
      )}
      {job ? (
        <div data-testid="bundle-job">
          <JobProgressView job={job} />
          {job.state !== 'running' && (
            <div style={{ marginTop: 12 }}>
              <JobSummaryView job={job} />
            </div>
          )}
        </div>
      ) : (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('combo.dialog.selected', { n: picked.size, total: bundle.feeds.length })}
          </Text>
          <Button
            onClick={() => void start()}
            loading={starting}
            disabled={picked.size === 0}
            data-testid="bundle-start"
          >
            {t('combo.dialog.start', { n: picked.size })}
          </Button>
        </Group>
      )}
      {job && job.state !== 'running' && (
        <Group justify="flex-end">
          <RemoveAddedButton job={job} />
          <Button variant="default" onClick={onClose} data-testid="bundle-close">
            {t('combo.dialog.close')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
