import { Button, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryExamples } from '../../filters/examples';
import { feedsQuery } from '../../queries/feeds';
import { groupsQuery } from '../../queries/groups';
import { useT } from '../../i18n';
import classes from './Filter.module.css';

/** Ready-made queries as small buttons; choosing one fills the editor (and runs it). */
export function Examples({ onPick }: { onPick: (query: string) => void }) {
  const t = useT();
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  const examples = useMemo(
    () => queryExamples({ feedTitle: feeds.data?.[0]?.title, groupTitle: groups.data?.[0]?.title }),
    [feeds.data, groups.data],
  );
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
        {t('filter.examples')}
      </Text>
      <Group gap={6} className={classes.examples} data-testid="query-examples">
        {examples.map((ex) => (
          <Tooltip
            key={ex.labelKey}
            label={ex.query}
            ff="monospace"
            fz="xs"
            openDelay={400}
            multiline
            maw={420}
          >
            <Button
              size="compact-xs"
              variant="default"
              radius="xl"
              fw={500}
              onClick={() => onPick(ex.query)}
              data-testid="query-example"
            >
              {t(ex.labelKey)}
            </Button>
          </Tooltip>
        ))}
      </Group>
    </div>
  );
}
