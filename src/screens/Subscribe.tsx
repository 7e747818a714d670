import { Tabs } from '@mantine/core';
import { IconFileImport, IconRss } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '../components/Screen';
import { useT } from '../i18n';
import { ExportOpmlButton } from '../subscriptions/ExportOpmlButton';
import { AddFeed } from './subscribe/AddFeed';
import { OpmlImport } from './subscribe/OpmlImport';

/**
 * Route /subscribe: add one feed (discover → preview → group → subscribe) or import an OPML
 * file. `?tab=opml` opens the import; `?url=` pre-fills the address. The subtitle says what the
 * tab shown is for.
 */
export function Subscribe() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'opml' ? 'opml' : 'add';
  return (
    <Screen
      id="subscribe"
      title={t('subscribe.screen.title')}
      subtitle={t(tab === 'opml' ? 'subscribe.screen.subtitleOpml' : 'subscribe.screen.subtitle')}
      actions={<ExportOpmlButton />}
    >
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'opml' ? { tab: 'opml' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="add" leftSection={<IconRss size={15} />} data-testid="tab-add">
            {t('subscribe.screen.tabAdd')}
          </Tabs.Tab>
          <Tabs.Tab value="opml" leftSection={<IconFileImport size={15} />} data-testid="tab-opml">
            {t('subscribe.screen.tabOpml')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add">
          <AddFeed initialUrl={params.get('url') ?? ''} />
        </Tabs.Panel>
        <Tabs.Panel value="opml">
          <OpmlImport />
        </Tabs.Panel>
      </Tabs>
    </Screen>
  );
}
