import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useT } from '../i18n';

/** Last line of defence: a screen crashed or failed to load (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => console.error('Route error:', error), [error]);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack p="xl" maw={640} data-testid="route-error">
      <Title order={1} fz={26} data-testid="page-title">
        {t('errors.routeTitle')}
      </Title>
      <Text c="dimmed">{t('errors.routeText')}</Text>
      <Code block>{message}</Code>
      <div>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </div>
    </Stack>
  );
}
