import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { Screen } from '../components/Screen';
import { highlightPath, highlightsListQuery, type Highlight } from '../highlights/api';
import {
  articleToMarkdown,
  fileNameOf,
  groupByArticle,
  toJson,
  toMarkdown,
} from '../highlights/exportFormats';
import { useI18n } from '../i18n';
import { textAttrs, useLanguageOf } from '../items/articleLanguage';
import { feedsQuery } from '../queries/feeds';
import { downloadBlob } from './download/downloadBlob';
import '../highlights/highlights.css';

type Grouping = 'article' | 'date';

const saveText = (text: string, name: string, type: string) => downloadBlob(new Blob([text], { type }), name);

/** Route /highlights: every highlight and note, by article or by date, searchable, exportable. */
export function Highlights() {
  const { t, formatDate } = useI18n();
  const [search, setSearch] = useState('');
  const [grouping, setGrouping] = useState<Grouping>('article');
  const query = useDeferredValue(search.trim());
  const { data, isPending } = useQuery(highlightsListQuery(query));
  const rows = data?.rows ?? [];
  const untitled = t('common.untitled');
  // Titles and passages in the article's language: the one kept with the highlight, else its
  // feed's (highlights made before languages were kept), as list rows have it.
  const languageOf = useLanguageOf(useQuery(feedsQuery()).data);
  const titleAttrs = (h: Highlight) => (h.title ? textAttrs(languageOf(h)) : {});

  const exportMd = () =>
    saveText(
      toMarkdown(rows, { title: t('highlights.title'), untitled }),
      'rivulet-highlights.md',
      'text/markdown',
    );
  const exportJson = () => saveText(toJson(rows), 'rivulet-highlights.json', 'application/json');

  const card = (h: Highlight, showTitle: boolean) => (
    <Paper key={h.id} withBorder p="sm" radius="md" data-testid="highlight-card" data-id={h.id}>
      <Stack gap={6}>
        {showTitle && (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="highlight-card-title" {...titleAttrs(h)}>
            {h.title || untitled}
          </Text>
        )}
        <Text
          className="rv-hl-quote"
          data-color={h.color}
          data-testid="highlight-quote"
          {...textAttrs(languageOf(h))}
        >
          {h.quote.exact}
        </Text>
        {h.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="highlight-card-note">
            {h.note}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatDate(h.createdAt * 1000)}
            </Text>
            {h.orphaned && (
              <Badge size="xs" color="orange" variant="light" data-testid="highlight-orphaned">
                {t('highlights.orphaned')}
              </Badge>
            )}
          </Group>
          <Anchor component={Link} to={highlightPath(h)} size="sm" data-testid="highlight-open">
            {t('highlights.open')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );

  const byArticle = () =>
    groupByArticle(rows).map((g) => (
      <Stack key={g.itemId} gap="xs" data-testid="highlight-group">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title
            order={2}
            size="h5"
            lineClamp={2}
            // The row's width, so a right-to-left title sits on the right, above its passages.
            style={{ flex: 1, minWidth: 0 }}
            data-testid="highlight-group-title"
            {...titleAttrs(g.highlights[0]!)}
          >
            <Anchor component={Link} to={`/all/i/${g.itemId}`} c="inherit">
              {g.title || untitled}
            </Anchor>
          </Title>
          <Group gap={4} wrap="nowrap">
            {/^https?:\/\//i.test(g.link) && (
              <Tooltip label={t('highlights.source')}>
                <ActionIcon
                  component="a"
                  href={g.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={t('highlights.source')}
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('highlights.exportArticle')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('highlights.exportArticle')}
                onClick={() =>
                  saveText(articleToMarkdown(g, untitled), fileNameOf(g.title, 'md'), 'text/markdown')
                }
              >
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {g.highlights.map((h) => card(h, false))}
      </Stack>
    ));

  const byDate = () => {
    const days = new Map<string, Highlight[]>();
    for (const h of rows) {
      const day = formatDate(h.createdAt * 1000, { dateStyle: 'long' });
      days.set(day, [...(days.get(day) ?? []), h]);
    }
    return [...days].map(([day, list]) => (
      <Stack key={day} gap="xs" data-testid="highlight-group">
        <Title order={2} size="h5">
          {day}
        </Title>
        {list.map((h) => card(h, true))}
      </Stack>
    ));
  };

  return (
    <Screen
      id="highlights"
      title={t('highlights.title')}
      subtitle={t('highlights.screenIntro')}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={exportMd}
            disabled={rows.length === 0}
            data-testid="highlights-export-md"
          >
            {t('highlights.exportMarkdown')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={exportJson}
            disabled={rows.length === 0}
            data-testid="highlights-export-json"
          >
            {t('highlights.exportJson')}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 220px' }}
            leftSection={<IconSearch size={16} />}
            placeholder={t('highlights.search')}
            aria-label={t('highlights.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="highlights-search"
          />
          <SegmentedControl
            value={grouping}
            onChange={(v) => setGrouping(v === 'date' ? 'date' : 'article')}
            data={[
              { value: 'article', label: t('highlights.byArticle') },
              { value: 'date', label: t('highlights.byDate') },
            ]}
            data-testid="highlights-grouping"
          />
        </Group>
        {data && (
          <Text size="sm" c="dimmed" data-testid="highlights-count">
            {t('highlights.count', { count: data.total })}
          </Text>
        )}
        {!isPending && rows.length === 0 && (
          <Text c="dimmed" data-testid="highlights-empty">
            {query ? t('highlights.noMatch', { query }) : t('highlights.none')}
          </Text>
        )}
        {grouping === 'article' ? byArticle() : byDate()}
      </Stack>
    </Screen>
  );
}
