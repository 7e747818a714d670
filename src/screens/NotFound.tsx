import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Screen } from '../components/Screen';

/** Any address the app does not know, or a feed/group that does not exist. */
export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <Screen id="not-found" title="Not found">
      <Text data-testid="not-found">
        There is no such {what} here. It may have been removed, or the address is mistyped.
      </Text>
      <Button component={Link} to="/" variant="default" mt="lg">
        Go to the start page
      </Button>
    </Screen>
  );
}
