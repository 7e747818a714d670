import { Center, Loader } from '@mantine/core';

/** Full-window placeholder while the first route's code loads. */
export function AppLoading() {
  return (
    <Center h="100vh" data-testid="app-loading">
      <Loader size="sm" />
    </Center>
  );
}
