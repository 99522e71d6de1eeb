import { describe, expect, it } from 'vitest';
import { routeId } from './route-id.ts';

describe('routeId', () => {
  it('reads the number an address names', () => {
    expect(routeId('42')).toBe(42);
  });

  it('names no record when the address has no id or one that is not a number', () => {
    expect(routeId(undefined)).toBeNull();
    expect(routeId('')).toBeNull();
    expect(routeId('novo')).toBeNull();
    expect(routeId('12abc')).toBeNull();
    expect(routeId('-3')).toBeNull();
  });
});
