import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'react-router-dom';

const ICON_PX = { sm: 15, lg: 19 } as const;

export interface HeaderIconProps
  extends
    Omit<ActionIconProps, 'size' | 'children'>,
    Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> {
  /** What it does, for screen readers (aria-label). */
  label: string;
  /** The tooltip; defaults to `label`. */
  tip?: string;
  /** Hides the tooltip (e.g. while the menu this icon opens is open). */
  tipDisabled?: boolean;
  /** Renders a link to this app path instead of a button. */
  to?: string;
  /** `sm` in sidebar section headers, `lg` in the list header. */
  size: keyof typeof ICON_PX;
  /** A Tabler icon component, drawn at the size's icon size. */
  icon: (props: { size: number }) => ReactNode;
  'data-testid'?: string;
}

/**
 * A quiet icon button with a tooltip, as used in section and list headers. Extra props (ref,
 * handlers, aria-*) reach the button, so it can be a `Menu.Target` child.
 */
export function HeaderIcon({ label, tip, tipDisabled, to, size, icon: Icon, ...rest }: HeaderIconProps) {
  const common = {
    variant: 'subtle',
    color: 'gray',
    size,
    'aria-label': label,
    // Touch screens make it a finger wide (src/theme/global.css).
    'data-header-icon': true,
    loaderProps: size === 'sm' ? { size: 12 } : undefined,
  } as const;
  const glyph = <Icon size={ICON_PX[size]} />;
  return (
    <Tooltip label={tip ?? label} disabled={tipDisabled}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common} data-testid={rest['data-testid']}>
          {glyph}
        </ActionIcon>
      ) : (
        <ActionIcon {...rest} {...common}>
          {glyph}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
