/** The Rivulet mark (two waves on the brand green), also used as the favicon. */
export function Logo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
      <path
        d="M7 21c3-4 6-4 9 0s6 4 9 0M7 14c3-4 6-4 9 0s6 4 9 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
