/** What the tab's `sessionStorage` is used through (a plain object stands in for it in tests). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The tab's `sessionStorage`, or null where the browser refuses it (a sandboxed frame, a
 * setting): what is kept there is then kept for the page only. Never throws.
 */
export function tabSession(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
