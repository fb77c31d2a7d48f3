import { describe, expect, it, vi } from 'vitest';
import { createFormValues } from './form-values';

describe('form values', () => {
  it('replaces the values object on a write, keeps the identity of the other values, and tells the watchers', () => {
    const rows = [{ a: 1 }];
    const values = createFormValues({ name: 'Ann', rows });
    const before = values.getValues();
    const listener = vi.fn();
    const sub = values.watch(listener);
    values.setValue('name', 'Bob');
    const after = values.getValues();
    expect(after).not.toBe(before);
    expect(after).toEqual({ name: 'Bob', rows });
    expect(after.rows).toBe(rows);
    expect(before.name).toBe('Ann');
    expect(listener).toHaveBeenCalledWith(after);
    sub.unsubscribe();
    values.setValue('name', 'Cy');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a watcher writing back (a calculated value) sees its own write', () => {
    const values = createFormValues({ a: 1, b: 2 });
    let writing = false;
    values.watch((v) => {
      if (writing) return;
      writing = true;
      values.setValue('b', (v.a as number) * 2);
      writing = false;
    });
    values.setValue('a', 5);
    expect(values.getValues()).toEqual({ a: 5, b: 10 });
  });
});
