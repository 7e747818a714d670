export const MIN_SIDEBAR = 200;
export const MAX_SIDEBAR = 480;
export const DEFAULT_SIDEBAR = 256;

/** Clamps a wanted sidebar width (px) to the usable range; non-finite input gives the default. */
export function clampSidebarWidth(px: number): number {
  if (!Number.isFinite(px)) return DEFAULT_SIDEBAR;
  return Math.round(Math.min(MAX_SIDEBAR, Math.max(MIN_SIDEBAR, px)));
}
