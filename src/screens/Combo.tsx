import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Screen } from '../components/Screen';
import { BUNDLES, type Bundle } from '../data/bundles';
import { localizeBundle } from '../data/bundleText';
import { feedsQuery } from '../queries/feeds';
import { BundleCard } from './combo/BundleCard';
import { decodeBundle } from './combo/bundleLink';
import { urlKey } from '../../shared/urlKey';
import { MakeBundle } from './combo/MakeBundle';
import { SubscribeBundle } from './combo/SubscribeBundle';
import { useLanguage, useT } from '../i18n';
import { errorText } from '../i18n/errorText';

/**
 * Route /combo: curated feed bundles as cards, subscribed in one step into a group named after
 * the bundle; a bundle shared as a link (`/combo#b=…`) is shown first with its dialog open.
 */
export function Combo() {
  const t = useT();
  const lang = useLanguage();
  const bundles = useMemo(() => BUNDLES.map((b) => localizeBundle(b, lang)), [lang]);
  const { hash } = useLocation();
  const { data: feeds } = useQuery(feedsQuery());
  const subscribed = useMemo(() => new Set((feeds ?? []).map((f) => urlKey(f.url))), [feeds]);
  const [shared, setShared] = useState<Bundle | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [open, setOpen] = useState<Bundle | null>(null);

  useEffect(() => {
    let live = true;
    decodeBundle(hash).then(
      (bundle) => {
        if (!live) return;
        setShared(bundle);
        setLinkError(null);
        if (bundle) setOpen(bundle);
      },
      (err: unknown) => {
        if (!live) return;
        setShared(null);
        setLinkError(errorText(err));
      },
    );
    return () => {
      live = false;
    };
  }, [hash]);

  return (
    <Screen id="combo" title={t('combo.title')} subtitle={t('combo.subtitle')}>
      <Stack gap="lg">
        {linkError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('combo.linkError')}
            data-testid="bundle-link-error"
          >
            {linkError}
          </Alert>
        )}
        {shared && (
          <div data-testid="shared-bundle">
            <Title order={2} fz={15} mb={6}>
              {t('combo.shared')}
            </Title>
            <BundleCard bundle={shared} subscribed={subscribed} onSubscribe={setOpen} highlight />
          </div>
        )}
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" data-testid="bundle-grid">
          {bundles.map((b) => (
            <BundleCard key={b.id} bundle={b} subscribed={subscribed} onSubscribe={setOpen} />
          ))}
        </SimpleGrid>
        <MakeBundle />
        <Text size="xs" c="dimmed">
          {t('combo.footnote')}
        </Text>
      </Stack>
      {/* Opened once the subscriptions are known, so followed feeds start unticked. */}
      <SubscribeBundle bundle={feeds ? open : null} subscribed={subscribed} onClose={() => setOpen(null)} />
    </Screen>
  );
}
