import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { keywordsText } from '../../filters/savedFilters';
import { useT } from '../../i18n';
import type { Ran } from './resultsSource';

/** What a run ran, as one line of text: the query, or the keywords with their weights. */
export function ranText(ran: Exclude<Ran, { kind: 'none' }>): string {
  return ran.kind === 'query' ? ran.text : keywordsText(ran.keywords);
}

/**
 * The filter editor folded to one line on a phone once a query has run, so the results get the
 * screen (the editor, its status and buttons took half of it): the query that ran and Edit,
 * which opens the editor again.
 */
export function RanSummary({ text, onEdit }: { text: string; onEdit: () => void }) {
  const t = useT();
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      role="group"
      aria-label={t('filter.ranSummary.label')}
      data-testid="filter-summary"
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text
          ff="monospace"
          size="sm"
          lineClamp={2}
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid="filter-summary-text"
        >
          {text}
        </Text>
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconPencil size={16} />}
          onClick={onEdit}
          aria-label={t('filter.ranSummary.editLabel')}
          aria-expanded={false}
          data-testid="filter-summary-edit"
          style={{ flexShrink: 0 }}
        >
          {t('filter.ranSummary.edit')}
        </Button>
      </Group>
    </Paper>
  );
}
