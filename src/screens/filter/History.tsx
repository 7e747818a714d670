import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import classes from './Filter.module.css';
import { useT } from '../../i18n';

/** Recent queries, newest first; clicking one loads it into the editor and runs it. */
export function History({
  history,
  onPick,
  onClear,
}: {
  history: readonly string[];
  onPick: (query: string) => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('filter.recent')}
        </Text>
        {history.length > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={onClear}
            data-testid="query-history-clear"
          >
            {t('filter.clear')}
          </Button>
        )}
      </Group>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="query-history-empty">
          {t('filter.recentEmpty')}
        </Text>
      ) : (
        <div className={classes.scrollList} data-testid="query-history">
          {history.map((q) => (
            <UnstyledButton
              key={q}
              className={classes.historyItem}
              onClick={() => onPick(q)}
              title={q}
              data-testid="query-history-item"
            >
              {q}
            </UnstyledButton>
          ))}
        </div>
      )}
    </div>
  );
}
