import { Button, Paper, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { articlePath } from '../../items/articleAddress';
import { type LanguageOf, textAttrs } from '../../items/articleLanguage';
import { feedPath } from '../../subscriptions/paths';
import { readLastOpened } from './lastOpened';
import { continueQuery } from './queries';
import { tRich, useT } from '../../i18n';

/**
 * "Continue reading": the next unread article in the feed last read (or the newest unread),
 * opened in its feed's list; the article opened last is named under it. Titles (and the feed's
 * name) carry their language, as list rows do.
 */
export function ContinueReading({
  feedTitle,
  languageOf,
}: {
  feedTitle: (id: number) => string;
  languageOf: LanguageOf;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { data } = useQuery(continueQuery(readLastOpened()));
  const next = data?.next ?? null;
  const open = () => {
    if (!next) return;
    void navigate(articlePath(feedPath(next.feedId), next.id));
  };
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="welcome-continue">
      <Title order={2} fz={15} mb={8}>
        {t('welcome.continue.title')}
      </Title>
      {next ? (
        <>
          <Text
            fw={600}
            lineClamp={2}
            data-testid="continue-title"
            {...(next.title ? textAttrs(languageOf(next)) : {})}
          >
            {next.title || t('welcome.continue.untitled')}
          </Text>
          <Text size="xs" c="dimmed" mb="sm" {...textAttrs(languageOf({ feedId: next.feedId }))}>
            {feedTitle(next.feedId)}
          </Text>
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={open}
            data-testid="continue-open"
          >
            {t('welcome.continue.open')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {data ? t('welcome.continue.nothing') : '…'}
        </Text>
      )}
      {data?.last && (
        <Text size="xs" c="dimmed" mt="sm" lineClamp={1} data-testid="continue-last">
          {data.last.title
            ? tRich('welcome.continue.last', {
                title: <span {...textAttrs(languageOf(data.last))}>{data.last.title}</span>,
              })
            : t('welcome.continue.last', { title: t('welcome.continue.untitled') })}
        </Text>
      )}
    </Paper>
  );
}
