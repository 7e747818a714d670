import { useShortcuts } from '../reader/shortcuts';
import { router } from '../routes/router';
import { closeSearchPalette, openSearchPalette, paletteInitialText, usePaletteOpen } from './paletteStore';
import { searchHref } from './paletteKeys';
import { SearchPalette } from './SearchPalette';

/**
 * Mount once (in App): `/` or Ctrl/⌘+K opens the search palette from anywhere, except while
 * typing in a field. Navigates with the app router, so it works outside the route tree.
 */
export function SearchHost() {
  const opened = usePaletteOpen();
  useShortcuts(
    {
      '/': () => openSearchPalette(),
      'mod+k': () => openSearchPalette(),
    },
    { enabled: !opened },
  );
  return (
    <SearchPalette
      opened={opened}
      initialText={paletteInitialText()}
      onClose={closeSearchPalette}
      onOpenItem={(text, id) => void router.navigate(searchHref(text, id))}
      onSeeAll={(text) => void router.navigate(searchHref(text))}
    />
  );
}
