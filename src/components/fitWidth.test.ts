import { describe, expect, it } from 'vitest';
import { fitWidth } from './fitWidth';

describe('fitWidth', () => {
  it('fits the longest label, counting wide characters twice', () => {
    expect(fitWidth(['English', 'Follow the browser (English)'])).toBe('max(120px, calc(28ch + 52px))');
    expect(fitWidth(['跟随浏览器（简体中文）'])).toBe('max(120px, calc(22ch + 52px))');
    expect(fitWidth([], 90)).toBe('max(90px, calc(0ch + 52px))');
  });
});
