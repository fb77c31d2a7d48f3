import { describe, expect, it } from 'vitest';
import { displayText } from './display';

describe('values as a PDF prints them', () => {
  it("formats dates and amounts by core's rules", () => {
    expect(displayText('date', '2024-03-05')).toBe('03/05/2024');
    expect(displayText('date', '2024-03-05', 'MMM d, yyyy')).toBe('Mar 5, 2024');
    expect(displayText('date', '2024-03-05', 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(displayText('currency', '15000')).toBe('$15,000.00');
    expect(displayText('currency', '$1,234.5')).toBe('$1,234.50');
    // core's sign rule (the old worker printed $-1,234.50)
    expect(displayText('currency', -1234.5)).toBe('-$1,234.50');
  });

  it('prints a value that does not read as its type as given, and lists and booleans as words', () => {
    expect(displayText('date', 'soon')).toBe('soon');
    expect(displayText('currency', 'n/a')).toBe('n/a');
    expect(displayText('text', ['a', 'b'])).toBe('a, b');
    expect(displayText('checkbox', true)).toBe('Yes');
    expect(displayText('text', null)).toBe('');
  });
});
