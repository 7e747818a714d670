import { Button, Code, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { t as tNow, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { withEngine } from '../queries/engine';
import { AiErrorNotice, AiNotConfigured } from './AiErrorNotice';
import { completeChat } from './chat';
import { AiError } from './errors';
import { type CheckOutcome, writeFilterQuery, type WrittenQuery } from './queryWriter';
import { useAiEndpoint } from './useAiEndpoint';

/** Parses a query with the engine (`query.check`); a syntax error is an outcome, not a failure. */
async function checkQuery(query: string): Promise<CheckOutcome> {
  const result = await withEngine((e) => e.query.check(query));
  return result.ok ? { ok: true, total: result.total } : { ok: false, message: result.error.message };
}

/**
 * "Describe what you want": the model writes a filter query from a plain-language description
 * (given the language summary, the fields, the user's groups and feeds), the engine parses it
 * (sent back to the model once if it does not parse), and it is shown for review — with its
 * match count or its error — before `onRun` runs it.
 */
export function DescribeFilter({ onRun }: { onRun: (query: string) => void }) {
  const t = useT();
  const { endpoint } = useAiEndpoint();
  const groups = useQuery(groupsQuery());
  const feeds = useQuery(feedsQuery());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WrittenQuery | null>(null);
  const [error, setError] = useState<AiError | null>(null);
  const ctlRef = useRef<AbortController | null>(null);
  useEffect(() => () => ctlRef.current?.abort(), []);

  // Set in from the cards above by their padding, so its text lines up with theirs.
  if (endpoint.kind === 'none') return <AiNotConfigured what="describe" inset />;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const description = text.trim();
    if (!description) return;
    ctlRef.current?.abort();
    const ctl = new AbortController();
    ctlRef.current = ctl;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const ctx = {
        groups: (groups.data ?? []).map((g) => ({ id: g.id, title: g.title })),
        feeds: (feeds.data ?? []).map((f) => ({ id: f.id, title: f.title, groupId: f.groupId })),
      };
      const written = await writeFilterQuery(description, ctx, {
        complete: (messages) => completeChat(endpoint, messages, { signal: ctl.signal }),
        check: checkQuery,
      });
      if (!ctl.signal.aborted) setResult(written);
    } catch (err) {
      if (ctl.signal.aborted) return;
      setError(
        err instanceof AiError
          ? err
          : new AiError(
              'network',
              err instanceof Error ? err.message : String(err),
              tNow('ai.errors.tryAgain'),
            ),
      );
    } finally {
      if (ctlRef.current === ctl) setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" mt={8} data-testid="describe-filter">
      <form onSubmit={(e) => void submit(e)}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('ai.describe.label')}
            placeholder={t('ai.describe.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSparkles size={16} />}
            data-testid="describe-filter-input"
          />
          <Button
            type="submit"
            variant="light"
            loading={busy}
            disabled={!text.trim()}
            data-testid="describe-filter-write"
          >
            {t('ai.describe.write')}
          </Button>
        </Group>
      </form>
      {result && (
        <div data-testid="describe-filter-result" data-ok={result.check.ok}>
          <Code block mt={8} data-testid="describe-filter-query">
            {result.query}
          </Code>
          <Group justify="space-between" mt={6}>
            <Text size="xs" c={result.check.ok ? 'dimmed' : 'red'} data-testid="describe-filter-status">
              {result.check.ok
                ? t('ai.describe.valid', { count: result.check.total })
                : t('ai.describe.invalid', { message: result.check.message })}
              {result.attempts > 1 && ` ${t('ai.describe.corrected')}`}
            </Text>
            <Button
              size="compact-sm"
              leftSection={<IconPlayerPlay size={14} />}
              disabled={!result.check.ok}
              onClick={() => onRun(result.query)}
              data-testid="describe-filter-run"
            >
              {t('ai.describe.run')}
            </Button>
          </Group>
        </div>
      )}
      {error && <AiErrorNotice error={error} onRetry={() => void submit()} />}
    </Paper>
  );
}
