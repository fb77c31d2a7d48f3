import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE, poolSizeOf } from './client';

describe('DATABASE_POOL_SIZE', () => {
  it('takes a whole number from 1 to 200, else the default', () => {
    expect(poolSizeOf('25')).toBe(25);
    expect(poolSizeOf('1')).toBe(1);
    expect(poolSizeOf('200')).toBe(200);
    for (const bad of [undefined, '', '0', '-3', '201', '2.5', 'ten']) expect(poolSizeOf(bad)).toBe(DEFAULT_POOL_SIZE);
    expect(DEFAULT_POOL_SIZE).toBe(10);
  });
});
