/**
 * The palette a tag's colour is chosen from, shared by the engine (which checks a colour) and
 * the UI (which draws it). Values are Mantine colour names; stored, so never rename one.
 */
export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
] as const;

/** One colour of the palette. */
export type TagColor = (typeof TAG_COLORS)[number];

/** True when `value` is a colour of the palette. */
export function isTagColor(value: unknown): value is TagColor {
  return typeof value === 'string' && (TAG_COLORS as readonly string[]).includes(value);
}
