import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { queryKeys } from '../queries/keys';
import {
  removeTarget,
  saveTarget,
  sendTargetsQuery,
  SERVICES,
  testTarget,
  type SendService,
  type SendTargetInput,
  type SendTargetView,
} from './api';
import { sendErrorText } from './errors';

const NAMES = Object.fromEntries(SERVICES.map((s) => [s.value, s.label])) as Record<SendService, string>;

interface Draft {
  id?: string;
  service: SendService;
  base: string;
  tags: string;
  token: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

const blank = (service: SendService): Draft => ({
  service,
  base: service === 'readwise' ? 'https://readwise.io' : '',
  tags: '',
  token: '',
  clientId: '',
  clientSecret: '',
  username: '',
  password: '',
});

const fromView = (v: SendTargetView): Draft => ({
  ...blank(v.service),
  id: v.id,
  base: v.base,
  tags: v.tags,
  clientId: v.clientId,
  username: v.username,
});

const toInput = (d: Draft): SendTargetInput => ({ ...d });

/** The add / edit form of one target: fields by service, Test connection, Save. */
function TargetForm({
  draft,
  onClose,
  editing,
}: {
  draft: Draft;
  onClose: () => void;
  editing?: SendTargetView;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [d, setD] = useState(draft);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (patch: Partial<Draft>) => {
    setD((x) => ({ ...x, ...patch }));
    setResult(null);
  };
  const name = NAMES[d.service];
  const keep = editing ? t('sendTo.keepSecret') : undefined;
  const run = async (what: 'test' | 'save') => {
    setBusy(what);
    setResult(null);
    try {
      if (what === 'test') {
        await testTarget(toInput(d));
        setResult({ ok: true, text: t('sendTo.working') });
      } else {
        await saveTarget(toInput(d));
        await client.invalidateQueries({ queryKey: queryKeys.sendTargets });
        onClose();
      }
    } catch (err) {
      setResult({ ok: false, text: sendErrorText(err) });
    } finally {
      setBusy(null);
    }
  };
  const secret = (
    label: string,
    value: string,
    key: 'token' | 'clientSecret' | 'password',
    description?: string,
  ) => (
    <PasswordInput
      label={label}
      description={description}
      placeholder={keep}
      autoComplete="new-password"
      value={value}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      data-testid={`sendto-${key}`}
    />
  );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="sendto-form">
      <Stack gap="xs">
        <Select
          label={t('sendTo.service')}
          data={SERVICES}
          value={d.service}
          allowDeselect={false}
          disabled={Boolean(editing)}
          onChange={(v) => v && setD({ ...blank(v) })}
          data-testid="sendto-service"
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label={t('sendTo.address')}
          description={
            d.service === 'readwise' ? t('sendTo.readwiseHint') : t('sendTo.addressHint', { service: name })
          }
          placeholder="https://"
          value={d.base}
          onChange={(e) => set({ base: e.currentTarget.value })}
          data-testid="sendto-base"
        />
        {d.service === 'wallabag' ? (
          <>
            <Text size="xs" c="dimmed">
              {t('sendTo.clientHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
              <TextInput
                label={t('sendTo.clientId')}
                value={d.clientId}
                onChange={(e) => set({ clientId: e.currentTarget.value })}
                data-testid="sendto-clientId"
              />
              {secret(t('sendTo.clientSecret'), d.clientSecret, 'clientSecret')}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
              <TextInput
                label={t('sendTo.username')}
                autoComplete="off"
                value={d.username}
                onChange={(e) => set({ username: e.currentTarget.value })}
                data-testid="sendto-username"
              />
              {secret(t('sendTo.password'), d.password, 'password')}
            </SimpleGrid>
          </>
        ) : (
          secret(t('sendTo.token'), d.token, 'token', t(`sendTo.tokenHint.${d.service}`))
        )}
        <TextInput
          label={t('sendTo.tags')}
          description={t('sendTo.tagsHint')}
          placeholder="rivulet"
          value={d.tags}
          onChange={(e) => set({ tags: e.currentTarget.value })}
          data-testid="sendto-tags"
        />
        {result && (
          <Alert
            color={result.ok ? 'brand' : 'red'}
            variant="light"
            p="xs"
            role={result.ok ? 'status' : 'alert'}
            data-testid={result.ok ? 'sendto-test-ok' : 'sendto-error'}
          >
            <Text size="sm">{result.text}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" size="xs" onClick={onClose} disabled={busy !== null}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => void run('test')}
            loading={busy === 'test'}
            disabled={busy === 'save'}
            data-testid="sendto-test"
          >
            {t('sendTo.test')}
          </Button>
          <Button
            size="xs"
            onClick={() => void run('save')}
            loading={busy === 'save'}
            disabled={busy === 'test'}
            data-testid="sendto-save"
          >
            {t('sendTo.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One configured target: its service and address, Edit, Remove (asks first). */
function TargetRow({ target, onEdit }: { target: SendTargetView; onEdit: () => void }) {
  const { t, formatDate } = useI18n();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    await removeTarget(target.id);
    await client.invalidateQueries({ queryKey: queryKeys.sendTargets });
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`sendto-target-${target.service}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 12em' }}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {target.name}
            </Text>
            {target.tags && (
              <Badge size="xs" variant="light" color="gray">
                {target.tags}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {target.base}
          </Text>
          {target.lastOk > 0 && (
            <Text size="xs" c="dimmed">
              {t('sendTo.lastOk', { time: formatDate(new Date(target.lastOk)) })}
            </Text>
          )}
        </div>
        {confirming ? (
          <Group gap="xs" wrap="wrap">
            <Text size="xs">{t('sendTo.removeConfirm', { service: target.name })}</Text>
            <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={() => void remove()} data-testid="sendto-remove-confirm">
              {t('sendTo.remove')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} data-testid="sendto-edit">
              {t('sendTo.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              data-testid="sendto-remove"
            >
              {t('sendTo.remove')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** Settings → Integrations → Send to: the read-later targets, added, tested, edited, removed here. */
export function SendToSection() {
  const { t } = useI18n();
  const targets = useQuery(sendTargetsQuery());
  // null: no form; 'new': adding; an id: editing that target.
  const [form, setForm] = useState<string | null>(null);
  const list = targets.data ?? [];
  return (
    <Stack gap="xs" mt="lg" data-testid="sendto-section">
      <Title order={4} size="h5">
        {t('sendTo.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sendTo.intro')}
      </Text>
      {targets.isError && (
        <Alert color="red" variant="light" p="xs">
          {sendErrorText(targets.error)}
        </Alert>
      )}
      {list.length === 0 && form !== 'new' && (
        <Text size="sm" c="dimmed" data-testid="sendto-none">
          {t('sendTo.none')}
        </Text>
      )}
      {list.map((target) =>
        form === target.id ? (
          <TargetForm
            key={target.id}
            draft={fromView(target)}
            editing={target}
            onClose={() => setForm(null)}
          />
        ) : (
          <TargetRow key={target.id} target={target} onEdit={() => setForm(target.id)} />
        ),
      )}
      {form === 'new' ? (
        <TargetForm draft={blank('wallabag')} onClose={() => setForm(null)} />
      ) : (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setForm('new')}
            data-testid="sendto-add"
          >
            {t('sendTo.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
