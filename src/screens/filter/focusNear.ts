/**
 * After a saved filter was deleted, gives the keyboard to the saved filter now in its place (else
 * the one before it), or to the list (`root`) when none is left, not to the page's body with the
 * deleted row. The deleted filter's row (`gone`) is skipped if it has not left yet: on a loaded
 * machine its Delete button can go before it, and the focus given to it would fall to the body
 * again when it leaves.
 */
export function focusSavedNear(root: HTMLElement | null, index: number, gone: string): void {
  const rows = root?.querySelectorAll<HTMLElement>('[data-testid="saved-filter"]') ?? [];
  const links = [...rows].filter((row) => row.dataset.filterId !== gone).map((row) => row.querySelector('a'));
  const near = links[Math.min(index, links.length - 1)];
  (near ?? root)?.focus();
}
