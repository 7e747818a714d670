import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { stackListUnderArticle } from '../items/articleAddress';
import { IndexLayout } from '../layout/IndexLayout';
import { AppLoading } from './AppLoading';
import { setNavigator } from './navigation';
import { RouteError } from './RouteError';
import { StartPage } from './StartPage';

// Each screen is its own chunk, fetched on first visit.
const screens = {
  welcome: async () => ({ Component: (await import('../screens/Welcome')).Welcome }),
  subscribe: async () => ({ Component: (await import('../screens/Subscribe')).Subscribe }),
  search: async () => ({ Component: (await import('../screens/Search')).Search }),
  filter: async () => ({ Component: (await import('../screens/Filter')).Filter }),
  download: async () => ({ Component: (await import('../screens/Download')).Download }),
  combo: async () => ({ Component: (await import('../screens/Combo')).Combo }),
  login: async () => ({ Component: (await import('../screens/Login')).Login }),
  rss: async () => ({ Component: (await import('../screens/RSSList')).RSSList }),
  items: async () => ({ Component: (await import('../screens/items/ItemsScreen')).ItemsScreen }),
  highlights: async () => ({ Component: (await import('../screens/Highlights')).Highlights }),
  notFound: async () => ({ Component: (await import('../screens/NotFound')).NotFound }),
};

/** The route table (history mode). Static segments win over `/:type`, so `/search` is never a list. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: IndexLayout,
    ErrorBoundary: RouteError,
    // Shown while the first screen's chunk loads (also silences React Router's hydration warning).
    HydrateFallback: AppLoading,
    children: [
      { index: true, Component: StartPage },
      { path: 'welcome', lazy: screens.welcome },
      { path: 'subscribe', lazy: screens.subscribe },
      { path: 'search', lazy: screens.search },
      { path: 'filter', lazy: screens.filter },
      { path: 'download', lazy: screens.download },
      { path: 'combo', lazy: screens.combo },
      { path: 'login', lazy: screens.login },
      { path: 'rss', id: 'RSSList', lazy: screens.rss },
      { path: 'highlights', lazy: screens.highlights },
      // An open article: `/all/i/1234`, `/f/6/i/1234` (see items/articleAddress.ts). Same screen
      // component at the same place, so the list stays mounted (and scrolled) as articles open.
      { path: ':type/:id/i/:item', lazy: screens.items },
      { path: ':type/i/:item', lazy: screens.items },
      { path: ':type/:id', lazy: screens.items },
      { path: ':type', lazy: screens.items },
      { path: '*', lazy: screens.notFound },
    ],
  },
];

// Before the router reads the history: an article opened directly gets its list beneath it.
stackListUnderArticle();
export const router = createBrowserRouter(routes);
setNavigator((to) => void router.navigate(to));
