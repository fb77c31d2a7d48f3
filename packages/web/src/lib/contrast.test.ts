import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, whatever the order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4582ec', '#4582EC')).toBe(1);
  });

  it('puts white on the default header colour between 3:1 and 4.5:1 (large text only)', () => {
    const ratio = contrastRatio('#ffffff', '#4582ec') ?? 0;
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(4.5);
  });

  it('has no ratio while a colour is half typed', () => {
    expect(contrastRatio('#fff', '#000000')).toBeUndefined();
  });

  it('keeps a readable text colour and replaces one that is not', () => {
    // the spec's default progress colour on the wizard's light grey step list is readable
    expect(readableOn('#2a6add', '#f8f9fa', '#212529')).toBe('#2a6add');
    // a pale colour an author chose is not
    expect(readableOn('#9fd3ff', '#f8f9fa', '#212529')).toBe('#212529');
    expect(readableOn('teal', '#f8f9fa', '#212529')).toBe('#212529');
  });
});
