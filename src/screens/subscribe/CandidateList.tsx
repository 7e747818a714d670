import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { Candidate } from '../../subscriptions/api';

const FORMAT: Record<Candidate['format'], string> = {
  rss: 'RSS',
  atom: 'Atom',
  json: 'JSON Feed',
  unknown: 'Feed',
};
const SOURCE: Record<Candidate['source'], string> = {
  direct: 'the address itself',
  link: 'linked from the page',
  probe: 'found at a usual path',
  pattern: 'known site pattern',
};

/** Every feed found for the address, with title, format and how it was found; choose one. */
export function CandidateList({
  candidates,
  chosen,
  onChoose,
}: {
  candidates: Candidate[];
  chosen: string | null;
  onChoose: (url: string) => void;
}) {
  if (!candidates.length) return null;
  return (
    <Radio.Group value={chosen} onChange={onChoose} mt="lg" data-testid="candidate-list">
      <Text size="sm" fw={600} mb="xs">
        {candidates.length === 1 ? 'Found 1 feed' : `Found ${candidates.length} feeds — pick one`}
      </Text>
      <Stack gap={6}>
        {candidates.map((c, i) => (
          <Paper
            key={c.url}
            withBorder
            radius="md"
            px="md"
            py={10}
            component="label"
            style={{
              cursor: 'pointer',
              borderColor: chosen === c.url ? 'var(--mantine-primary-color-filled)' : undefined,
            }}
            data-testid={`candidate-${i}`}
            data-url={c.url}
          >
            <Group wrap="nowrap" gap="sm">
              <Radio value={c.url} aria-label={c.title || c.url} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {c.title || c.url}
                  </Text>
                  <Badge size="xs" variant="light" data-testid="candidate-format">
                    {FORMAT[c.format]}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {c.url} · {SOURCE[c.source]}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}
