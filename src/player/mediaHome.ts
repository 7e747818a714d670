/**
 * Where the player's one media element lives. Media elements stop when they leave the document,
 * and a video has to be *shown* somewhere. The element is therefore always in the document: in
 * a hidden parking spot under <body> when no view wants it, else inside the highest-priority
 * "slot" a view registered (the reader's player outranks the mini-player). It moves between them
 * with `moveBefore` where the browser has it (state-preserving move), else `appendChild`; either
 * way the move is synchronous, so the element is back in the document before the browser's
 * "removed from document → pause" check runs and playback continues. Audio elements take part
 * in the same dance but render nothing.
 */

/** A place a view offers for the media element. */
interface Slot {
  el: HTMLElement;
  priority: number;
}

/** The slots views offer and the parking spot; `media` says which element to place. */
export function createMediaHome(media: () => HTMLMediaElement | null) {
  const slots: Slot[] = [];
  let park: HTMLElement | null = null;

  function parkingSpot(): HTMLElement {
    if (park?.isConnected) return park;
    park = document.createElement('div');
    park.hidden = true;
    park.dataset.playerPark = '';
    document.body.appendChild(park);
    return park;
  }

  /** Puts the element in the best slot (or the parking spot); no-op when already there. */
  function place(): void {
    const el = media();
    if (!el) return;
    const best = slots.reduce<Slot | null>((b, s) => (!b || s.priority >= b.priority ? s : b), null);
    const target = best?.el.isConnected ? best.el : parkingSpot();
    if (el.parentElement === target) return;
    const movable = target as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
    try {
      if (typeof movable.moveBefore === 'function' && el.isConnected) movable.moveBefore(el, null);
      else target.appendChild(el);
    } catch {
      target.appendChild(el);
    }
  }

  /** Offers `el` as a home for the media element; returns the function that withdraws it. */
  function attachSlot(el: HTMLElement, priority: number): () => void {
    const slot = { el, priority };
    slots.push(slot);
    place();
    return () => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      place();
    };
  }

  return { place, attachSlot };
}
