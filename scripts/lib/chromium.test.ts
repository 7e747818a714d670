import { describe, expect, it } from 'vitest';
import { disableFeaturesSwitch, featuresOffIn, unusedFeatures } from './chromium.mjs';

describe('disableFeaturesSwitch', () => {
  it('keeps the features already turned off and adds the unused ones once', () => {
    const line = disableFeaturesSwitch(['PaintHolding', 'WebUIOmniboxPopup']);
    const off = line.slice('--disable-features='.length).split(',');
    expect(line.startsWith('--disable-features=')).toBe(true);
    expect(off[0]).toBe('PaintHolding');
    for (const f of unusedFeatures) expect(off.filter((x) => x === f)).toHaveLength(1);
  });
  it('with nothing to keep, turns off only the unused features', () => {
    expect(disableFeaturesSwitch()).toBe(`--disable-features=${unusedFeatures.join(',')}`);
  });
});

describe('featuresOffIn', () => {
  it('reads the last --disable-features on a command line, the one Chromium obeys', () => {
    const line = ['--headless', '--disable-features=A,B', '--enable-features=C', '--disable-features=D,E'];
    expect(featuresOffIn(line)).toEqual(['D', 'E']);
  });
  it('gives none for a command line without the switch', () => {
    expect(featuresOffIn(['--headless', '--no-sandbox'])).toEqual([]);
  });
});
