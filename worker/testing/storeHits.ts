import type { TextStore } from '../search/textStore';

/** The ids of the live texts of `store` holding `needle`, ascending (the text store tests). */
export const storeHits = (store: TextStore, needle: string): number[] => {
  const map = store.matches(needle);
  const ids: number[] = [];
  map.forEach((m, slot) => m === 1 && ids.push(store.idOf(slot)));
  return ids.sort((a, b) => a - b);
};
