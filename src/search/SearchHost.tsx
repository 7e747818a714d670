import { useEffect } from 'react';
import { bindKeys } from '../keys/keyMap';
import { useShortcuts } from '../reader/shortcuts';
import { navigateTo } from '../routes/navigation';
import { openSettings } from '../settings/dialogState';
import {
  captureTypeAhead,
  closeSearchPalette,
  openSearchPalette,
  paletteInitialText,
  paletteOpen,
  usePaletteOpen,
} from './paletteStore';
import { searchHref } from './paletteKeys';
import { SearchPalette } from './SearchPalette';

/**
 * Mount once (in App): `/` or Ctrl/⌘+K opens the search palette from anywhere, except while
 * typing in a field. Navigates with the app router, so it works outside the route tree.
 */
export function SearchHost() {
  const opened = usePaletteOpen();
  // Always listening, the store asked at the key: a listener switched off while the palette
  // is open comes back only after the render that closed it, and a `/` right after Esc was lost.
  useShortcuts(
    bindKeys('everywhere', {
      search: () => {
        if (!paletteOpen()) openSearchPalette();
      },
    }),
  );
  useEffect(() => {
    if (!opened) return;
    // Capture phase: these keys belong to the palette even before its box exists.
    const onKey = (e: KeyboardEvent) => {
      if (!captureTypeAhead(e)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);
  return (
    <SearchPalette
      opened={opened}
      initialText={paletteInitialText}
      onClose={closeSearchPalette}
      onOpenItem={(text, id) => navigateTo(searchHref(text, id))}
      onSeeAll={(text) => navigateTo(searchHref(text))}
      onGo={(place) => (place.path === null ? openSettings() : navigateTo(place.path))}
    />
  );
}
