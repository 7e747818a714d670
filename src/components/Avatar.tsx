import { avatarColor, avatarLetter } from './avatarText';

interface AvatarProps {
  name: string;
  /** Diameter in px. */
  size?: number;
}

/** A small coloured circle with the first letter of `name`; decorative (hidden from screen readers). */
export function Avatar({ name, size = 20 }: AvatarProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: avatarColor(name),
        color: '#fff',
        fontSize: Math.round(size * 0.5),
        fontWeight: 600,
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {avatarLetter(name)}
    </span>
  );
}
