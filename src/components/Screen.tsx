import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import classes from './Screen.module.css';

interface ScreenProps {
  /** Short name used in test ids (`screen-<id>`). */
  id: string;
  title: ReactNode;
  /** Plain-text title for the document title when `title` is not a string. */
  documentTitle?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Use the whole width (tables); other screens keep a readable measure. */
  wide?: boolean;
}

/** The frame every screen shares: one h1, an optional subtitle and actions, then content. */
export function Screen({ id, title, documentTitle, subtitle, actions, children, wide }: ScreenProps) {
  const plain = documentTitle ?? (typeof title === 'string' ? title : '');
  useEffect(() => {
    document.title = plain ? `${plain} · Rivulet` : 'Rivulet';
  }, [plain]);
  return (
    <section data-testid={`screen-${id}`} className={classes.screen} data-wide={wide || undefined}>
      {/* The actions move under the title when both do not fit on one line (phones). */}
      <Group
        justify="space-between"
        align="flex-end"
        mb={subtitle ? 4 : 'lg'}
        wrap="wrap"
        style={{ rowGap: 10 }}
      >
        <Title order={1} fz={26} data-testid="page-title" className={classes.title}>
          {title}
        </Title>
        {actions}
      </Group>
      {subtitle && (
        <Text c="dimmed" size="sm" mb="lg">
          {subtitle}
        </Text>
      )}
      {children}
    </section>
  );
}
