import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { queryKeys } from '../../queries/keys';
import {
  addableTypes,
  addAction,
  moveAction,
  removeAction,
  rebaseTagActions,
  renameTagInActions,
  replaceAction,
  ruleInputFor,
  ruleProblem,
} from '../../rules/actions';
import { withRules } from '../../rules/client';
import { PREVIEW_DAYS, rulePreviewQuery } from '../../rules/queries';
import type { Rule, RuleAction } from '../../rules/types';
import type { Tag } from '../../tags/api';
import { useTagRenames } from '../../tags/useTagRenames';
import { RuleLog } from './RuleLog';

/** Quiet time after the last edit of the query or the actions before asking for a new preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

interface RuleEditorProps {
  /** The saved query filter being edited. */
  filter: { id: string; name: string };
  /** The query text as it stands in the editor (the rule keeps a copy). */
  query: string;
  /** The checker's message when the query does not parse, else null. */
  queryError: string | null;
  /** The rule this filter already carries, if any. */
  rule: Rule | undefined;
  /** The tags: their names are suggested for "Add tag", and a rename is followed. */
  tags?: readonly Pick<Tag, 'id' | 'name'>[];
}

/**
 * The "Actions" section of a saved filter: what its rule does to each new matching article, in
 * order, with a live 30-day preview from the engine path that runs rules, then save / remove and
 * the rule's log. Mounted with `key` = the rule's id so a different rule starts fresh. A tag
 * renamed meanwhile is renamed in the actions being edited too (the engine renames it in the
 * saved rule), so the editor shows the new name and saving it does not bring the old one back;
 * a stored rule changed by the engine (a tag deleted, or its delete undone) is taken up when
 * nothing was edited here since, and only its tag actions when something was (so saving the edits
 * does not make a deleted tag again).
 */
export function RuleEditor({ filter, query, queryError, rule, tags }: RuleEditorProps) {
  const { t, formatDate } = useI18n();
  const client = useQueryClient();
  const [actions, setActions] = useState<RuleAction[]>(rule?.actions ?? []);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  // The stored rule the editor's state started from. When the engine changes it (a deleted tag
  // takes its action out, an undo puts it back) and nothing here was edited since, the editor
  // follows, so what it shows (and would save) is what is stored; with edits, only the tag
  // actions follow.
  const [base, setBase] = useState(rule);
  if (rule !== base && rule?.updatedAt !== base?.updatedAt) {
    const untouched =
      JSON.stringify(actions) === JSON.stringify(base?.actions ?? []) && enabled === (base?.enabled ?? true);
    setBase(rule);
    if (untouched && rule) {
      setActions(rule.actions);
      setEnabled(rule.enabled);
    } else if (rule) {
      // Edited here: the edits stay, but a tag the engine dropped (deleted) or put back (undone)
      // follows, so saving does not make a deleted tag again.
      setActions(rebaseTagActions(actions, base?.actions ?? [], rule.actions));
    }
  }
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const problem = ruleProblem(actions);
  useTagRenames(tags, (from, to) => setActions((list) => renameTagInActions(list, from, to)));
  const tagSuggestions = useMemo(() => (tags ?? []).map((t) => t.name), [tags]);

  const input = useMemo(
    () =>
      queryError === null && problem === null
        ? ruleInputFor({ id: filter.id, name: filter.name, query }, actions, enabled)
        : null,
    [filter.id, filter.name, query, actions, enabled, queryError, problem],
  );
  const [debounced] = useDebouncedValue(input, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery(rulePreviewQuery(debounced));
  const stalePreview = input === null || debounced !== input || preview.isFetching;

  const save = async () => {
    if (!input) return;
    setSaving(true);
    setSaveError(null);
    try {
      await withRules((r) => r.save(rule ? { ...input, id: rule.id } : input));
      await client.invalidateQueries({ queryKey: queryKeys.rulesAll });
      notifications.show({ message: t('rules.saved'), autoClose: 2500 });
    } catch (err) {
      setSaveError(t('rules.saveFailed', { message: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!rule) return;
    try {
      await withRules((r) => r.remove(rule.id));
      await client.invalidateQueries({ queryKey: queryKeys.rulesAll });
      setActions([]);
      notifications.show({ message: t('rules.removed'), autoClose: 2500 });
    } catch (err) {
      setSaveError(t('rules.saveFailed', { message: errorText(err) }));
    }
  };

  const label = (a: RuleAction) => t(`rules.action.${a.type}`);
  const addable = addableTypes(actions);

  return (
    <Paper withBorder radius="md" p="sm" mt="sm" data-testid="rule-editor">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {t('rules.title')}
        </Text>
        <Switch
          size="sm"
          label={t('rules.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-testid="rule-enabled"
        />
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('rules.intro')}
      </Text>

      <Stack gap={6} data-testid="rule-actions">
        {actions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('rules.none')}
          </Text>
        )}
        {actions.map((a, i) => (
          <Group key={`${a.type}-${i}`} gap="xs" wrap="nowrap" data-testid="rule-action" data-type={a.type}>
            <Text size="xs" c="dimmed" w={16} ta="right">
              {i + 1}
            </Text>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {label(a)}
            </Text>
            <div style={{ flex: 1, minWidth: 0 }}>
              {a.type === 'tag' && (
                <Autocomplete
                  size="xs"
                  aria-label={t('rules.tagName')}
                  placeholder={t('rules.tagPlaceholder')}
                  value={a.tag}
                  data={tagSuggestions}
                  onChange={(tag) => setActions(replaceAction(actions, i, { type: 'tag', tag }))}
                  error={a.tag.trim() === '' ? true : undefined}
                  data-testid="rule-tag-input"
                />
              )}
              {a.type === 'translate' && (
                <TextInput
                  size="xs"
                  aria-label={t('rules.language')}
                  placeholder={t('rules.languagePlaceholder')}
                  value={a.lang ?? ''}
                  onChange={(e) =>
                    setActions(replaceAction(actions, i, { type: 'translate', lang: e.currentTarget.value }))
                  }
                  data-testid="rule-lang-input"
                />
              )}
            </div>
            <Group gap={0} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={i === 0}
                onClick={() => setActions(moveAction(actions, i, -1))}
                aria-label={t('rules.moveUp', { action: label(a) })}
                data-testid="rule-action-up"
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={i === actions.length - 1}
                onClick={() => setActions(moveAction(actions, i, 1))}
                aria-label={t('rules.moveDown', { action: label(a) })}
                data-testid="rule-action-down"
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => setActions(removeAction(actions, i))}
                aria-label={t('rules.remove', { action: label(a) })}
                data-testid="rule-action-remove"
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>

      <Menu position="bottom-start" withinPortal={false}>
        <Menu.Target>
          <Button
            variant="light"
            size="compact-sm"
            mt="xs"
            leftSection={<IconPlus size={14} />}
            disabled={addable.length === 0}
            data-testid="rule-add"
          >
            {t('rules.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {addable.map((type) => (
            <Menu.Item
              key={type}
              onClick={() => setActions(addAction(actions, type))}
              data-testid={`rule-add-${type}`}
            >
              {t(`rules.action.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>

      <div data-testid="rule-preview" aria-live="polite" style={{ marginTop: 12 }}>
        {queryError !== null ? (
          <Text size="sm" c="red" data-testid="rule-bad-query">
            {t('rules.badQuery', { message: queryError })}
          </Text>
        ) : problem !== null ? (
          <Text size="sm" c="dimmed" data-testid="rule-problem">
            {t(`rules.${problem}`)}
          </Text>
        ) : preview.error ? (
          <Text size="sm" c="red" data-testid="rule-preview-error">
            {t('rules.previewFailed', { message: errorText(preview.error) })}
          </Text>
        ) : preview.data ? (
          <div style={{ opacity: stalePreview ? 0.6 : 1 }}>
            <Group gap={6}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('rules.previewTitle', { days: preview.data.days })}
              </Text>
              {stalePreview && <Loader size={12} />}
            </Group>
            <Text size="sm" fw={500} data-testid="rule-preview-count" data-count={preview.data.count}>
              {t('rules.previewCount', { count: preview.data.count })}
            </Text>
            {preview.data.sample.length > 0 && (
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }} data-testid="rule-preview-sample">
                {preview.data.sample.map((s) => (
                  <li key={s.id}>
                    <Text size="xs" span>
                      {s.title}
                    </Text>{' '}
                    <Text size="xs" c="dimmed" span>
                      · {s.feedTitle} · {formatDate(s.pubDate * 1000, { dateStyle: 'medium' })}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <Group gap={6}>
            <Loader size={12} />
            <Text size="sm" c="dimmed">
              {t('rules.previewing')}
            </Text>
          </Group>
        )}
      </div>

      {saveError && (
        <Alert color="red" variant="light" mt="xs" p="xs" data-testid="rule-save-error">
          {saveError}
        </Alert>
      )}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          onClick={() => void save()}
          loading={saving}
          disabled={input === null}
          data-testid="rule-save"
        >
          {t('rules.save')}
        </Button>
        {rule && (
          <Tooltip label={t('rules.removeRule')}>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => void remove()}
              data-testid="rule-remove"
            >
              {t('rules.removeRule')}
            </Button>
          </Tooltip>
        )}
      </Group>
      {rule && <RuleLog rule={rule} previewCount={preview.data?.count ?? null} days={PREVIEW_DAYS} />}
    </Paper>
  );
}
