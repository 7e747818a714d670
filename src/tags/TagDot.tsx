import type { TagColor } from '../../shared/tagColors';

/** A tag's colour as a small round dot (decorative: the name is always beside it). */
export function TagDot({ color, size = 10 }: { color: TagColor; size?: number }) {
  return (
    <span
      aria-hidden="true"
      data-color={color}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: `var(--mantine-color-${color}-filled)`,
      }}
    />
  );
}
