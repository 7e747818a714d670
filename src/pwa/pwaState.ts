/**
 * The page side of the offline app: registers /sw.js, notices a new build waiting (so the UI
 * can offer "update — reload"), keeps the browser's install offer (`beforeinstallprompt`), and
 * publishes all of it as one small external store for React.
 */
import { useSyncExternalStore } from 'react';

/** What the UI shows about installing and updating. */
export interface PwaState {
  /** A service worker controls this page (the app shell is cached: Rivulet opens offline). */
  offlineReady: boolean;
  /** A newer build is installed and waiting; `applyUpdate()` switches to it. */
  updateReady: boolean;
  /** The browser offered installation; `promptInstall()` shows its dialog. */
  canInstall: boolean;
  /** Running as an installed app (standalone window), or installed during this visit. */
  installed: boolean;
  /** Why registration failed, if it did. */
  error: string | null;
}

/** The part of the `beforeinstallprompt` event we use (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let state: PwaState = {
  offlineReady: false,
  updateReady: false,
  canInstall: false,
  installed:
    typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true,
  error: null,
};
const listeners = new Set<() => void>();
let installEvent: InstallPromptEvent | null = null;
let waiting: ServiceWorker | null = null;
let registering: Promise<void> | null = null;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  // The offer can come early, before any screen mounts: keep it from the start.
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    set({ canInstall: false, installed: true });
  });
}

function watch(worker: ServiceWorker | null, onInstalled: () => void): void {
  if (!worker) return;
  if (worker.state === 'installed') onInstalled();
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed') onInstalled();
  });
}

/**
 * Registers /sw.js once per tab (production builds only, and only where service workers
 * exist). A new build found later (the browser checks on navigation; we also check hourly)
 * sets `updateReady` instead of replacing files under the running page.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  if (!container || !import.meta.env.PROD) return Promise.resolve();
  registering ??= (async () => {
    try {
      const reg: ServiceWorkerRegistration | undefined = await container.register('/sw.js', { scope: '/' });
      // A register() replaced by a stub that gives no registration (an automated browser told to
      // block service workers, some privacy add-ons) is a browser without them, not a failure.
      if (!reg) return;
      const markWaiting = () => {
        // With no controller this is the first install, not an update.
        if (reg.waiting && container.controller) {
          waiting = reg.waiting;
          set({ updateReady: true });
        }
      };
      markWaiting();
      reg.addEventListener('updatefound', () => watch(reg.installing, markWaiting));
      await container.ready;
      set({ offlineReady: container.controller !== null });
      container.addEventListener('controllerchange', () => set({ offlineReady: true }));
      setInterval(() => void reg.update().catch(() => {}), 60 * 60 * 1000);
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err) });
    }
  })();
  return registering;
}

/** Switches to the waiting build: it takes over, then the page reloads once. */
export function applyUpdate(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!waiting || !container) return;
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  waiting.postMessage('skip-waiting');
}

/** Shows the browser's install dialog; resolves whether the person accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = installEvent;
  if (!e) return false;
  installEvent = null;
  set({ canInstall: false });
  await e.prompt();
  const { outcome } = await e.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome === 'accepted';
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The current install/offline/update state; re-renders on changes. */
export function usePwa(): PwaState {
  return useSyncExternalStore(subscribe, () => state);
}
