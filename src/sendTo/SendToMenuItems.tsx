import { Menu } from '@mantine/core';
import { IconSend, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { KeyHint } from '../components/KeyHint';
import { keyHint } from '../keys/keyMap';
import { sendTargetsQuery } from './api';
import { canShare, sendItem, shareItem, webLink, type Sendable } from './useSendToActions';

/**
 * The Send to entries of a list row's menu: the reader's entries (one per configured target, then
 * "Share…" where the browser has Web Share), with the same notices. Nothing for an article
 * without a web link, nor when there is nowhere to send it.
 */
export function SendToMenuItems({ item }: { item: Sendable }) {
  const t = useT();
  const targets = useQuery(sendTargetsQuery()).data ?? [];
  const share = canShare();
  if (!webLink(item.link) || (targets.length === 0 && !share)) return null;
  return (
    <>
      <Menu.Divider />
      {targets.map((target, i) => (
        <Menu.Item
          key={target.id}
          leftSection={<IconSend size={16} />}
          onClick={() => sendItem(target, item, t)}
          rightSection={i === 0 ? <KeyHint>{keyHint('list', 'sendTo')}</KeyHint> : undefined}
          data-testid={`menu-send-${target.service}`}
        >
          {t('sendTo.menu', { service: target.name })}
        </Menu.Item>
      ))}
      {share && (
        <Menu.Item
          leftSection={<IconShare size={16} />}
          onClick={() => shareItem(item)}
          data-testid="menu-web-share"
        >
          {t('sendTo.share')}
        </Menu.Item>
      )}
    </>
  );
}
