import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSettingsGroup } from '../settings/useSettings';

const Welcome = lazy(async () => ({ default: (await import('../screens/Welcome')).Welcome }));

/** `/`: the Welcome screen, or a redirect to the list chosen in settings (general.startPage). */
export function StartPage() {
  const { startPage } = useSettingsGroup('general');
  if (startPage !== 'welcome') return <Navigate to={`/${startPage}`} replace />;
  return (
    <Suspense fallback={null}>
      <Welcome />
    </Suspense>
  );
}
