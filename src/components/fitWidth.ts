/**
 * A width for a Select that shows its longest option whole (Mantine's Select does not size to its
 * text). Counted in `ch` of the input's font, wide (CJK, full-width) characters as two, plus room
 * for the padding and the chevron. A plain count, not a canvas measurement: it is exact enough
 * for a UI font and costs nothing on render.
 */
export function fitWidth(labels: readonly string[], min = 120): string {
  let longest = 0;
  for (const label of labels) {
    let n = 0;
    for (const ch of label)
      n +=
        /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
          ch,
        )
          ? 2
          : 1;
    longest = Math.max(longest, n);
  }
  return `max(${min}px, calc(${longest}ch + 52px))`;
}
