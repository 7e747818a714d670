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
      {/* The actions move under the title and its subtitle when they do not fit beside them
          (phones); the subtitle stays with the title it explains. */}
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" style={{ rowGap: 12 }}>
        <div className={classes.heading}>
          <Title order={1} fz={26} data-testid="page-title" className={classes.title}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mt={4} data-testid="page-subtitle">
              {subtitle}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </section>
  );
}
