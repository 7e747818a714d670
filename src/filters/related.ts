/** The address of the related-articles view for an article: `/filter?related=<itemId>`. */
export function relatedHref(itemId: number): string {
  return `/filter?related=${encodeURIComponent(String(itemId))}`;
}

/** Reads the article id back from a `related` search parameter; null unless a positive integer. */
export function parseRelatedParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}
