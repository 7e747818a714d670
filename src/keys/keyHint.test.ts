import { describe, expect, it } from 'vitest';
import { keyHint } from './keyMap';

describe('keyHint', () => {
  it('names the first key the table gives the action, as the help dialog writes it', () => {
    expect(keyHint('reader', 'aiSummary')).toBe('i');
    expect(keyHint('reader', 'translate')).toBe('t');
    expect(keyHint('items', 'markAllRead')).toBe('Shift+A');
    expect(keyHint('reader', 'pageDown')).toBe('Space');
  });
});
