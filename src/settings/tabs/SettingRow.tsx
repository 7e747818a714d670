import { Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useId } from 'react';

/**
 * What a row's control takes so that the row's label names it and its description describes it
 * (`aria-labelledby`, `aria-describedby`). Spread it on the control (`<Switch {...field} />`);
 * a slider takes it on its thumb, without the ref (`thumbProps={ariaOf(field)}`).
 */
export interface SettingField {
  'aria-labelledby': string;
  'aria-describedby': string | undefined;
  /**
   * Sets `aria-describedby` on the element itself: Mantine's text inputs, selects and number
   * inputs put their own wrapper's (none here) over the prop, so the prop alone would be lost.
   */
  ref: (el: HTMLElement | null) => void;
}

/** The field's ARIA attributes alone, for an element the ref must not reach (a slider's thumb). */
export function ariaOf({ ref: _ref, ...aria }: SettingField): Omit<SettingField, 'ref'> {
  return aria;
}

interface SettingRowProps {
  label: string;
  description?: string;
  /**
   * The control. A function of the row's {@link SettingField} for a control the label names;
   * plain content (buttons with their own words) otherwise.
   */
  children: ReactNode | ((field: SettingField) => ReactNode);
  /** Put the control under the label (wide inputs) instead of beside it. */
  stacked?: boolean;
  /** The description only names a key ("Ctrl+B toggles it"): hidden on touch-only screens. */
  keyHint?: boolean;
}

/** One labelled setting: label and help on the left, the control on the right (or below). */
export function SettingRow({ label, description, children, stacked, keyHint }: SettingRowProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const describe = useCallback(
    (el: HTMLElement | null) => {
      if (el && descriptionId) el.setAttribute('aria-describedby', descriptionId);
    },
    [descriptionId],
  );
  const control =
    typeof children === 'function'
      ? children({ 'aria-labelledby': labelId, 'aria-describedby': descriptionId, ref: describe })
      : children;
  const text = (
    // In a row the label takes what the control leaves (at least 14em before the control wraps);
    // stacked, the same flex basis would become a 14em-tall gap above the control.
    <div style={stacked ? undefined : { flex: '1 1 14em', minWidth: 0 }} data-setting-label="">
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      {description && (
        <Text
          size="xs"
          c="dimmed"
          id={descriptionId}
          data-setting-description=""
          data-key-hint={keyHint ? '' : undefined}
        >
          {description}
        </Text>
      )}
    </div>
  );
  if (stacked) {
    return (
      <Stack gap={6} py={8}>
        {text}
        {control}
      </Stack>
    );
  }
  return (
    // The control moves under its label when both do not fit (phones, long option names).
    <Group justify="space-between" wrap="wrap" gap="lg" py={8} style={{ rowGap: 6 }}>
      {text}
      <div style={{ flex: 'none', maxWidth: '100%' }}>{control}</div>
    </Group>
  );
}
