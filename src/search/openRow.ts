/**
 * Opens the row of article `id` in the items list on screen by clicking it, as soon as it is
 * rendered (ItemsView keeps its open article internal, so a link can only ask this way).
 * Gives up after `timeoutMs`; resolves whether it found the row. Cost: one MutationObserver
 * on `root` until then.
 */
export function clickRowWhenShown(root: ParentNode & Node, id: number, timeoutMs = 8000): Promise<boolean> {
  const selector = `[data-testid="item-row"][data-item-id="${id}"]`;
  return new Promise((resolve) => {
    const tryClick = (): boolean => {
      const el = root.querySelector<HTMLElement>(selector);
      if (!el) return false;
      el.click();
      return true;
    };
    if (tryClick()) {
      resolve(true);
      return;
    }
    const observer = new MutationObserver(() => {
      if (!tryClick()) return;
      finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(found: boolean) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(found);
    }
    observer.observe(root, { childList: true, subtree: true });
  });
}
