import { Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { engineReady } from '../engine/client';
import { useT } from '../i18n';
import classes from './ItemsView.module.css';

/** After this long without a first page the list says what it is waiting for. */
export const SLOW_MS = 2_000;
/** After this long, still waiting for the engine to start, it says why that can take a while. */
export const LONG_MS = 8_000;

/**
 * The list's place while its first page is on its way. Blank at first (nearly every list answers
 * well inside `SLOW_MS`, and a flash of text would be noise), then a line naming what it waits
 * for: the library still opening (the engine has not started) or the articles. Past `LONG_MS`
 * with the library still opening it says why: at a million articles the browser can take tens of
 * seconds to reopen its storage when the app was closed shortly before (Chromium compacts a
 * closed database a few seconds after its last tab goes, and an open waits for that to end).
 */
export function ListLoading() {
  const t = useT();
  const [waited, setWaited] = useState<0 | 1 | 2>(0);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let live = true;
    engineReady().then(
      () => live && setStarted(true),
      () => {},
    );
    const slow = setTimeout(() => setWaited(1), SLOW_MS);
    const long = setTimeout(() => setWaited(2), LONG_MS);
    return () => {
      live = false;
      clearTimeout(slow);
      clearTimeout(long);
    };
  }, []);
  return (
    <div className={classes.placeholder} data-testid="items-loading" role="status">
      {waited > 0 && (
        <>
          <Loader size="sm" type="dots" />
          <Text fw={500} c="var(--mantine-color-text)" data-testid="items-loading-text">
            {started ? t('items.loading.articles') : t('items.loading.library')}
          </Text>
          {waited > 1 && !started && (
            <Text c="dimmed" size="sm" ta="center" maw={380} data-testid="items-loading-why">
              {t('items.loading.libraryWhy')}
            </Text>
          )}
        </>
      )}
    </div>
  );
}
