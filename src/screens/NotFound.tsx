import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Screen } from '../components/Screen';
import { en } from '../i18n/en';
import { useT } from '../i18n';

type What = keyof typeof en.errors.notFoundWhat;
const isKnown = (what: string): what is What => Object.hasOwn(en.errors.notFoundWhat, what);

/**
 * Any address the app does not know, or a feed/group that does not exist. `what` names the
 * missing thing: 'page', 'list', 'feed', 'group' or 'filter' are translated; any other word is
 * shown as given.
 */
export function NotFound({ what = 'page' }: { what?: string }) {
  const t = useT();
  return (
    <Screen id="not-found" title={t('errors.notFound')}>
      <Text data-testid="not-found">
        {t('errors.notFoundText', { what: isKnown(what) ? t(`errors.notFoundWhat.${what}`) : what })}
      </Text>
      <Button component={Link} to="/" variant="default" mt="lg">
        {t('errors.goStart')}
      </Button>
    </Screen>
  );
}
