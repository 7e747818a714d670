import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { normalizeFilter } from '../filters/savedFilters';
import { t, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { useSettingsGroup } from '../settings/useSettings';
import { feedPath, groupPath } from '../subscriptions/paths';
import { findPlaces, type Place, SCREENS } from './places';
import { tagsQuery } from '../tags/api';
import { textDirection } from '../../shared/language';
import classes from './SearchPalette.module.css';

/** The places matching `text` (see places.ts), from the feeds, groups and filters the app holds. */
export function usePlaces(text: string): Place[] {
  useT(); // screen names follow the language
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  const { filters } = useSettingsGroup('automation');
  const tags = useQuery(tagsQuery());
  const all = useMemo<Place[]>(
    () => [
      ...SCREENS.map((s, i) => ({
        kind: 'screen' as const,
        key: `s${i}`,
        label: t(s.labelKey),
        path: s.path,
      })),
      ...(feeds.data ?? []).map((f) => ({
        kind: 'feed' as const,
        key: `f${f.id}`,
        label: f.title || f.url,
        path: feedPath(f.id),
        ...(f.title ? { lang: f.language ?? '' } : {}),
      })),
      ...(groups.data ?? []).map((g) => ({
        kind: 'group' as const,
        key: `g${g.id}`,
        label: g.title,
        path: groupPath(g.id),
      })),
      ...filters.map(normalizeFilter).map((f) => ({
        kind: 'filter' as const,
        key: `x${f.id}`,
        label: f.name,
        path: `/filter/${encodeURIComponent(f.id)}`,
      })),
      ...(tags.data ?? []).map((tag) => ({
        kind: 'tag' as const,
        key: `t${tag.id}`,
        label: tag.name,
        path: `/t/${tag.id}`,
      })),
    ],
    [feeds.data, groups.data, filters, tags.data],
  );
  return useMemo(() => findPlaces(text, all), [text, all]);
}

/** The place rows at the top of the palette's list; entry `i` is option `i` of the list. */
export function PalettePlaces(props: {
  places: readonly Place[];
  active: number;
  /** The id of option `i` (the box names the active one: aria-activedescendant). */
  optionId: (i: number) => string;
  onActive: (i: number) => void;
  onOpen: (i: number) => void;
}) {
  const t = useT();
  return props.places.map((place, i) => (
    <UnstyledButton
      key={place.key}
      id={props.optionId(i)}
      className={classes.row}
      data-active={i === props.active || undefined}
      role="option"
      // Reached by the arrows from the box (aria-activedescendant), not by Tab.
      tabIndex={-1}
      aria-selected={i === props.active}
      onMouseMove={() => props.onActive(i)}
      onClick={() => props.onOpen(i)}
      data-testid="palette-place"
      data-kind={place.kind}
    >
      <Group gap={8} wrap="nowrap" justify="space-between">
        <Text
          size="sm"
          fw={500}
          lineClamp={1}
          lang={place.lang}
          dir={place.lang === undefined ? undefined : textDirection(place.lang)}
        >
          {place.label}
        </Text>
        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
          {t(`keys.palette.${place.kind}`)}
        </Badge>
      </Group>
    </UnstyledButton>
  ));
}
