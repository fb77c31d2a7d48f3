import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('contrast', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#fff')).toBeUndefined();
  });

  it('keeps a readable colour and replaces one that is not', () => {
    // the spec's default progress colour on the step list's light grey is readable
    expect(readableOn('#2a6add', '#f8f9fa', '#212529')).toBe('#2a6add');
    // a pale colour an author chose is not
    expect(readableOn('#9fd3ff', '#f8f9fa', '#212529')).toBe('#212529');
    expect(readableOn('teal', '#f8f9fa', '#212529')).toBe('#212529');
  });
});
