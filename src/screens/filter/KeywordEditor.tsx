import { ActionIcon, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { FilterKeyword } from '../../filters/savedFilters';
import { useT } from '../../i18n';

interface KeywordEditorProps {
  rows: readonly FilterKeyword[];
  onChange: (rows: FilterKeyword[]) => void;
  /** Enter in a keyword field. */
  onRun: () => void;
}

/** Rows of keyword + weight. Results rank by weighted occurrences in title, text and feed title. */
export function KeywordEditor({ rows, onChange, onRun }: KeywordEditorProps) {
  const t = useT();
  const set = (i: number, patch: Partial<FilterKeyword>) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={8} data-testid="keyword-editor">
      {rows.map((row, i) => (
        <Group key={i} gap={8} wrap="nowrap" data-testid="keyword-row">
          <TextInput
            style={{ flex: 1 }}
            placeholder={t('filter.keywords.placeholder')}
            aria-label={t('filter.keywords.keyword', { n: i + 1 })}
            value={row.keyword}
            onChange={(e) => set(i, { keyword: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onRun();
              }
            }}
            data-testid="keyword-input"
          />
          <NumberInput
            w={110}
            aria-label={t('filter.keywords.weight', { n: i + 1 })}
            value={row.weight}
            min={0}
            max={10}
            step={0.5}
            decimalScale={2}
            onChange={(v) => set(i, { weight: typeof v === 'number' ? v : Number(v) || 0 })}
            leftSection={<span style={{ fontSize: 12, opacity: 0.6 }}>×</span>}
            data-testid="keyword-weight"
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onChange(rows.filter((_, k) => k !== i))}
            disabled={rows.length <= 1}
            aria-label={t('filter.keywords.remove', { n: i + 1 })}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, { keyword: '', weight: 1 }])}
          data-testid="keyword-add"
        >
          {t('filter.keywords.add')}
        </Button>
      </div>
    </Stack>
  );
}
