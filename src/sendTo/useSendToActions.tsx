import { notifications } from '@mantine/notifications';
import { IconSend, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { cleanUrl } from '../../shared/cleanUrl';
import { useT } from '../i18n';
import { bindKeys } from '../keys/keyMap';
import type { ReaderMenuAction } from '../reader/readerActions';
import { useShortcuts } from '../reader/shortcuts';
import { sendTargetsQuery, sendToTarget, type SendTargetView } from './api';
import { sendErrorText } from './errors';

/** The article as it is sent: its link (sent without tracking parameters), its title. */
export interface Sendable {
  link: string;
  title: string;
}

// Clean also for articles stored before links were cleaned at ingest (Web Share and send-to).
export const webLink = (link: string) => (/^https?:\/\//i.test(link) ? cleanUrl(link) : '');

/** Sends `item` to `target`, with a notice while it goes and one that says how it went. */
export function sendItem(target: SendTargetView, item: Sendable, t: ReturnType<typeof useT>): void {
  const id = notifications.show({
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: t('sendTo.sending', { service: target.name }),
  });
  sendToTarget(target.id, { url: webLink(item.link), title: item.title, tags: [] }).then(
    (result) =>
      notifications.update({
        id,
        loading: false,
        autoClose: 4000,
        withCloseButton: true,
        color: 'brand',
        message: t(result.created ? 'sendTo.sent' : 'sendTo.already', { service: result.name }),
      }),
    (err: unknown) =>
      notifications.update({
        id,
        loading: false,
        autoClose: 10000,
        withCloseButton: true,
        color: 'red',
        message: sendErrorText(err),
      }),
  );
}

export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The `b` key: sends to the first target, or says there is none; nothing without a web link. */
export function sendToFirst(targets: SendTargetView[], item: Sendable, t: ReturnType<typeof useT>): void {
  if (!webLink(item.link)) return;
  const first = targets[0];
  if (first) sendItem(first, item, t);
  else notifications.show({ message: t('sendTo.noTargets') });
}

/** Web Share of the clean link; a dismissed share sheet rejects with AbortError: nothing to report. */
export function shareItem(item: Sendable): void {
  navigator.share({ url: webLink(item.link), title: item.title }).catch(() => undefined);
}

/** The list's `b`: the selected row to the first target (the same as the reader's `b`). */
export function useSendFirst(): (item: Sendable) => void {
  const t = useT();
  const targets = useQuery(sendTargetsQuery()).data ?? [];
  return (item) => sendToFirst(targets, item, t);
}

/**
 * The reader's Send to entries: one per configured target, plus "Share…" where the browser has
 * the Web Share API (elsewhere the reader's "Copy link" is the way to pass a link on). `b` sends
 * to the first target. Nothing for an article without a web link.
 */
export function useSendToActions(item: Sendable, shortcutsEnabled: boolean): ReaderMenuAction[] {
  const t = useT();
  const targets = useQuery(sendTargetsQuery()).data ?? [];
  useShortcuts(bindKeys('reader', { sendTo: () => sendToFirst(targets, item, t) }), {
    enabled: shortcutsEnabled,
  });
  if (!webLink(item.link)) return [];
  const actions: ReaderMenuAction[] = targets.map((target, i) => ({
    id: `send-${target.id}`,
    label: t('sendTo.menu', { service: target.name }),
    icon: <IconSend size={15} />,
    onSelect: () => sendItem(target, item, t),
    hint: i === 0 ? 'b' : undefined,
    testId: `reader-send-${target.service}`,
  }));
  if (canShare())
    actions.push({
      id: 'share',
      label: t('sendTo.share'),
      icon: <IconShare size={15} />,
      onSelect: () => shareItem(item),
      testId: 'reader-web-share',
    });
  return actions;
}
