import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { textAttrs } from '../../items/articleLanguage';
import { useT } from '../../i18n';
import type { Candidate } from '../../subscriptions/api';

// Format names read the same in every language; an unknown format is just "a feed".
const FORMAT: Record<Exclude<Candidate['format'], 'unknown'>, string> = {
  rss: 'RSS',
  atom: 'Atom',
  json: 'JSON Feed',
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
  const t = useT();
  if (!candidates.length) return null;
  return (
    <Radio.Group value={chosen} onChange={onChoose} mt="lg" data-testid="candidate-list">
      <Text size="sm" fw={600} mb="xs">
        {t('subscribe.candidates.found', { count: candidates.length })}
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
                  <Text
                    size="sm"
                    fw={500}
                    truncate
                    // The feed's or page's language ('' unknown, not the UI's); an address has none.
                    {...(c.title ? textAttrs(c.language ?? '') : {})}
                  >
                    {c.title || c.url}
                  </Text>
                  <Badge size="xs" variant="light" data-testid="candidate-format">
                    {c.format === 'unknown' ? t('subscribe.candidates.unknownFormat') : FORMAT[c.format]}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {c.url} · {t(`subscribe.candidates.sources.${c.source}`)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}
