import { NavLink, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useIsCurrentPath } from './activePath';
import { useI18n } from '../i18n';
import { textDirection } from '../../shared/language';

interface SidebarLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** Unread (or saved) count; hidden when 0 or unknown. */
  count?: number | undefined;
  testId: string;
  /** Semi-bold label (group rows). */
  strong?: boolean;
  /** The label's language ('' unknown: not the UI's), for a name the user did not write in it (a feed's). */
  lang?: string | undefined;
}

/**
 * One navigation row of the sidebar, highlighted when its address is the current one (from the
 * path store, activePath.ts: a navigation re-renders only the rows whose highlight changes).
 */
export function SidebarLink({ to, label, icon, count, testId, strong, lang }: SidebarLinkProps) {
  const active = useIsCurrentPath(to);
  const { formatNumber } = useI18n();
  return (
    <NavLink
      component={Link}
      to={to}
      active={active}
      label={
        lang === undefined ? (
          label
        ) : (
          <span lang={lang} dir={textDirection(lang)}>
            {label}
          </span>
        )
      }
      leftSection={icon}
      rightSection={
        count ? (
          <Text size="xs" c="dimmed" fw={500} data-testid={`${testId}-count`}>
            {formatNumber(count)}
          </Text>
        ) : null
      }
      data-testid={testId}
      variant="light"
      styles={{
        root: { borderRadius: 6, paddingBlock: 6 },
        label: {
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontWeight: strong ? 600 : undefined,
        },
      }}
    />
  );
}
