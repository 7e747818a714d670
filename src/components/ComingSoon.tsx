import { Paper, Text } from '@mantine/core';
import { Screen } from './Screen';

interface ComingSoonProps {
  id: string;
  title: string;
  /** One plain sentence saying what this screen will do. */
  line: string;
}

/** A screen whose feature arrives in a later release: its title and one line about it. */
export function ComingSoon({ id, title, line }: ComingSoonProps) {
  return (
    <Screen id={id} title={title}>
      <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
        <Text data-testid="coming-soon">{line}</Text>
      </Paper>
    </Screen>
  );
}
