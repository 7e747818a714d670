/**
 * Navigation for code outside the route tree (toasts, global hosts). It does not import the
 * router: the router imports every screen, so a screen that shows such a toast would otherwise
 * import itself through it. router.tsx registers the real navigate once it is created.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate | null = null;

/** Called once by router.tsx with the router's own navigate. */
export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

/** Goes to an app path without a page load; before the router exists, loads the page there. */
export function navigateTo(to: string): void {
  if (navigateImpl) navigateImpl(to);
  else window.location.assign(to);
}
