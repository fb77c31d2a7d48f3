import { describe, expect, it } from 'vitest';
import { createTtlCache, DESCRIBE_MAX_ENTRIES, DESCRIBE_TTL_MS } from './sync.salesforce';

describe("the sync's describe cache", () => {
  it('answers a value until its time is up, then forgets it', () => {
    let clock = 0;
    const cache = createTtlCache<string>({ ttlMs: DESCRIBE_TTL_MS, max: 10, now: () => clock });
    cache.set('a:Lead', 'lead');
    clock += DESCRIBE_TTL_MS - 1;
    expect(cache.get('a:Lead')).toBe('lead');
    clock += 1;
    expect(cache.get('a:Lead')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops expired values when another is stored, even ones never read again', () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, max: 100, now: () => clock });
    for (let i = 0; i < 50; i++) cache.set(`company-${i}:Lead`, i);
    clock += 1000;
    cache.set('company-new:Lead', 1);
    expect(cache.size).toBe(1);
  });

  it('keeps at most `max` values, the oldest stored going first', () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: DESCRIBE_TTL_MS, max: 3, now: () => clock });
    for (let i = 1; i <= 5; i++) {
      clock += 1;
      cache.set(`k${i}`, i);
    }
    expect(cache.size).toBe(3);
    expect([cache.get('k1'), cache.get('k2'), cache.get('k3'), cache.get('k5')]).toEqual([undefined, undefined, 3, 5]);
    // stored again: the newest, so k4 goes before it
    cache.set('k3', 33);
    cache.set('k6', 6);
    expect(cache.get('k4')).toBeUndefined();
    expect(cache.get('k3')).toBe(33);
    expect(DESCRIBE_MAX_ENTRIES).toBeGreaterThan(0);
  });
});
