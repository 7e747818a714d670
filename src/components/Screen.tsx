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
}

/** The frame every screen shares: one h1, an optional subtitle and actions, then content. */
export function Screen({ id, title, documentTitle, subtitle, actions, children }: ScreenProps) {
  const plain = documentTitle ?? (typeof title === 'string' ? title : '');
  useEffect(() => {
    document.title = plain ? `${plain} · Rivulet` : 'Rivulet';
  }, [plain]);
  return (
    <section data-testid={`screen-${id}`} className={classes.screen}>
      <Group justify="space-between" align="flex-end" mb={subtitle ? 4 : 'lg'} wrap="nowrap">
        <Title order={1} fz={26} data-testid="page-title" style={{ minWidth: 0 }}>
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
