/**
 * What a screen reader is told: Chromium's own accessibility tree, read through the DevTools
 * protocol, so names and descriptions are the browser's computation (labels, aria-labelledby,
 * aria-describedby, hidden text), not a re-implementation of it.
 */
import type { Page } from 'playwright-core';

/** One node of the tree as the protocol gives it (the fields read here). */
interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  description?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  childIds?: string[];
}

/** A control as a screen reader meets it. */
export interface AxControl {
  role: string;
  name: string;
  description: string;
  /** Disabled controls are still announced, so they are named too. */
  disabled: boolean;
}

/** Roles of the things a person operates: switches, boxes, pickers, sliders, buttons, tabs. */
export const CONTROL_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'listbox',
  'menuitem',
  'option',
  'radio',
  'radiogroup',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
]);

const text = (v: { value?: unknown } | undefined): string => (typeof v?.value === 'string' ? v.value : '');

/**
 * The controls inside the first node of role `within` (e.g. 'dialog'), in tree order, with
 * their computed name and description. Throws when there is no such node.
 */
export async function controlsWithin(page: Page, within: string): Promise<AxControl[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const root = nodes.find((n) => !n.ignored && text(n.role) === within);
    if (!root) throw new Error(`no node of role "${within}" in the accessibility tree`);
    const found: AxControl[] = [];
    const walk = (node: AxNode) => {
      const role = text(node.role);
      if (!node.ignored && CONTROL_ROLES.has(role))
        found.push({
          role,
          name: text(node.name).trim(),
          description: text(node.description).trim(),
          disabled: node.properties?.some((p) => p.name === 'disabled' && p.value.value === true) ?? false,
        });
      for (const id of node.childIds ?? []) {
        const child = byId.get(id);
        if (child) walk(child);
      }
    };
    walk(root);
    return found;
  } finally {
    await cdp.detach();
  }
}
