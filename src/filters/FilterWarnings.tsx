import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { queryCheckQuery } from './queries';
import { warningText } from './queryWords';

/**
 * A saved filter's warnings in its list's header (what the editor on /filter says under the
 * query): found when parsing or only when the query ran (a date worked out from a value), in
 * the language in effect. Nothing while checking, for a query with none, or one that fails (the
 * list says that itself).
 */
export function FilterWarnings({ query }: { query: string }) {
  const t = useT();
  const check = useQuery(queryCheckQuery(query));
  const warnings = check.data?.ok ? check.data.warnings : [];
  if (!warnings.length) return null;
  return (
    <Stack gap={4} role="status" aria-label={t('filter.query.warningsLabel')} data-testid="filter-warnings">
      {warnings.map((w) => (
        <Group key={JSON.stringify(w)} gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-yellow-7)"
            style={{ flex: 'none', marginTop: 2 }}
            aria-hidden
          />
          <Text size="sm" data-testid="query-warning" data-code={w.code}>
            {warningText(w)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
