import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { confirm } from '../../components/ConfirmDialog';
import { useI18n } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { withOpenParam } from '../../items/articleAddress';
import { queryKeys } from '../../queries/keys';
import { withRules } from '../../rules/client';
import { ruleLogQuery } from '../../rules/queries';
import type { Rule, RuleRun } from '../../rules/types';
import { makeChange, recordUndoAction } from '../../undo/undoStore';
import { RUN_TITLES } from '../../../shared/ruleLog';

/** Articles linked per run (by title, as the engine names them); the rest are counted. */
const LINKS_PER_RUN = RUN_TITLES;

/** A rule's runs (newest first) with their articles, "Undo last run" and "Run now". */
export function RuleLog({
  rule,
  previewCount,
  days,
}: {
  rule: Rule;
  previewCount: number | null;
  days: number;
}) {
  const { t, formatDate, formatNumber } = useI18n();
  const client = useQueryClient();
  const location = useLocation();
  const log = useQuery(ruleLogQuery(rule.id));
  const [busy, setBusy] = useState(false);
  const runs = log.data ?? [];
  const last = runs[0];
  const here = `${location.pathname}${location.search.replace(/([?&])open=\d+&?/, '$1').replace(/[?&]$/, '')}`;

  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.rulesAll });

  const undo = async (run: RuleRun) => {
    setBusy(true);
    try {
      await withRules((r) => r.undoRun(run.id));
      notifications.show({ message: t('rules.undoDone', { count: run.count }), autoClose: 3000 });
    } catch (err) {
      notifications.show({ color: 'red', title: t('rules.undoFailed'), message: errorText(err) });
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const runNow = async () => {
    const ok = await confirm({
      title: t('rules.runConfirmTitle'),
      message: t('rules.runConfirm', { count: previewCount ?? 0, days }),
      confirmLabel: t('rules.runConfirmButton'),
    });
    if (!ok) return;
    // Under way from the yes (undoStore.ts): a z pressed before the run ends takes it back.
    await makeChange(async (made) => {
      setBusy(true);
      try {
        const run = await withRules((r) => r.runOnce(rule.id));
        const label = (count: number) => t('rules.ran', { count });
        // Its notice offers Undo (and Z) like every bulk change; the log's Undo last run does the same.
        if (run.undoToken && run.count > 0)
          recordUndoAction(
            run.count,
            label,
            async () => {
              await withRules((r) => r.undoRun(run.id));
              void refresh();
              return run.count;
            },
            { done: (count) => t('rules.undoDone', { count }), made },
          );
        else notifications.show({ message: label(run.count), autoClose: 3000 });
      } catch (err) {
        notifications.show({ color: 'red', title: t('rules.runFailed'), message: errorText(err) });
      } finally {
        setBusy(false);
        void refresh();
      }
    });
  };

  return (
    <div data-testid="rule-log" style={{ marginTop: 14 }}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('rules.log')}
        </Text>
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlayerPlay size={14} />}
            // While a run is under way the button looks disabled but keeps the keyboard: the
            // confirmation hands the focus back to it, and a disabled one let it fall to the body.
            onClick={() => {
              if (!busy) void runNow();
            }}
            disabled={previewCount === null}
            data-disabled={busy || undefined}
            aria-disabled={busy || undefined}
            data-testid="rule-run-now"
          >
            {t('rules.runNow')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => last && void undo(last)}
            disabled={busy || !last || last.undone || last.count === 0}
            data-testid="rule-undo-last"
          >
            {t('rules.undoLast')}
          </Button>
        </Group>
      </Group>
      {log.error ? (
        <Text size="sm" c="red">
          {errorText(log.error)}
        </Text>
      ) : runs.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="rule-log-empty">
          {log.isPending ? '…' : t('rules.logEmpty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {runs.map((run) => (
            <div
              key={run.id}
              data-testid="rule-run"
              data-count={run.count}
              data-undone={run.undone || undefined}
            >
              <Text size="sm" td={run.undone ? 'line-through' : undefined}>
                {t('rules.runLine', {
                  when: formatDate(run.at * 1000, { dateStyle: 'medium', timeStyle: 'short' }),
                  trigger: t(`rules.trigger.${run.trigger}`),
                  count: run.count,
                })}
                {run.undone && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({t('rules.undone')})
                  </Text>
                )}
              </Text>
              {run.itemIds.length > 0 && (
                <Group gap={6}>
                  {run.itemIds.slice(0, LINKS_PER_RUN).map((id, i) => {
                    const title = run.titles?.[i];
                    // One no longer here (deleted, unsubscribed) is named, not linked: it opens nothing.
                    if (title === null)
                      return (
                        <Text key={id} span size="xs" c="dimmed" data-testid="rule-run-gone">
                          {t('rules.articleGone')}
                        </Text>
                      );
                    return (
                      <Anchor
                        key={id}
                        component={Link}
                        to={withOpenParam(here, id)}
                        size="xs"
                        lineClamp={1}
                        maw={260}
                        title={title}
                        data-testid="rule-run-article"
                      >
                        {title === undefined ? `#${id}` : title.trim() || t('rules.untitled')}
                      </Anchor>
                    );
                  })}
                  {run.itemIds.length > LINKS_PER_RUN && (
                    <Text size="xs" c="dimmed">
                      +{formatNumber(run.itemIds.length - LINKS_PER_RUN)}
                    </Text>
                  )}
                </Group>
              )}
            </div>
          ))}
        </Stack>
      )}
    </div>
  );
}
