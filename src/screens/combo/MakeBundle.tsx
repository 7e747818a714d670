import { Button, CopyButton, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconFileExport, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Bundle } from '../../data/bundles';
import { feedsQuery } from '../../queries/feeds';
import { groupsQuery } from '../../queries/groups';
import { queryKeys } from '../../queries/keys';
import { downloadText } from '../../subscriptions/opmlFile';
import { bundleUrl } from './bundleLink';
import { bundleFileName, bundleOpml } from './bundleOpml';
import { useT } from '../../i18n';

/** Make a bundle from any group and share it as a link (opens /combo ready) or an OPML file. */
export function MakeBundle() {
  const t = useT();
  const { data: groups = [] } = useQuery(groupsQuery());
  const { data: feeds = [] } = useQuery(feedsQuery());
  const [groupId, setGroupId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  const group = groups.find((g) => String(g.id) === groupId);
  const bundle = useMemo<Bundle | null>(() => {
    if (!group) return null;
    const inGroup = feeds.filter((f) => f.groupId === group.id);
    return {
      id: 'own',
      title: title.trim() || group.title,
      description: description.trim(),
      feeds: inGroup.map((f) => ({ title: f.title || f.url, url: f.url, site: f.siteUrl, description: '' })),
    };
  }, [group, feeds, title, description]);

  const shareable = bundle !== null && bundle.feeds.length > 0;
  const { data: link = '' } = useQuery({
    queryKey: queryKeys.bundleLink(shareable ? JSON.stringify(bundle) : ''),
    queryFn: () => (bundle ? bundleUrl(window.location.origin, bundle) : ''),
    enabled: shareable,
  });

  const options = groups.map((g) => ({
    value: String(g.id),
    label: t('combo.make.option', { title: g.title, n: feeds.filter((f) => f.groupId === g.id).length }),
  }));

  return (
    <Paper withBorder radius="md" p="lg" data-testid="make-bundle">
      <Group gap="sm" mb="xs">
        <IconShare size={18} />
        <Title order={2} fz={17}>
          {t('combo.make.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('combo.make.intro')}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('combo.make.noGroups')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group grow align="flex-end">
            <Select
              label={t('combo.make.group')}
              placeholder={t('combo.make.pickGroup')}
              data={options}
              value={groupId}
              onChange={(v) => {
                setGroupId(v);
                setTitle('');
              }}
              data-testid="make-bundle-group"
            />
            <TextInput
              label={t('combo.make.name')}
              placeholder={group?.title ?? ''}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </Group>
          <TextInput
            label={t('combo.make.line')}
            placeholder={t('combo.make.linePlaceholder')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {bundle && bundle.feeds.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('combo.make.empty')}
            </Text>
          )}
          {shareable && link && (
            <>
              <TextInput
                label={t('combo.make.link')}
                value={link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-link"
              />
              <Group gap="sm">
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      data-testid="share-copy"
                    >
                      {copied ? t('combo.make.copied') : t('combo.make.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  variant="default"
                  leftSection={<IconFileExport size={16} />}
                  onClick={() => downloadText(bundleOpml(bundle), bundleFileName(bundle.title))}
                  data-testid="share-opml"
                >
                  {t('combo.make.opml')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
