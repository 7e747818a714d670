import { Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { cleanKeywords, type FilterKeyword } from '../../filters/savedFilters';
import { KeywordEditor } from './KeywordEditor';
import { useT } from '../../i18n';

/** Keyword mode: weighted keywords, results ranked by relevance rather than date. */
export function KeywordPanel({
  rows,
  onRows,
  onRun,
  saveActions,
}: {
  rows: readonly FilterKeyword[];
  onRows: (rows: FilterKeyword[]) => void;
  onRun: () => void;
  saveActions: ReactNode;
}) {
  const t = useT();
  const empty = cleanKeywords(rows).length === 0;
  return (
    <div>
      <Text size="sm" c="dimmed" mb="sm">
        {t('filter.keywords.intro')}
      </Text>
      <KeywordEditor rows={rows} onChange={onRows} onRun={onRun} />
      <Group justify="flex-end" gap={8} mt="sm">
        {saveActions}
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={onRun}
          disabled={empty}
          data-testid="keyword-run"
        >
          {t('filter.run')}
        </Button>
      </Group>
    </div>
  );
}
