import { describe, expect, it } from 'vitest';
import { canonicalJson, sameValue } from './equal';

describe('canonicalJson', () => {
  it('sorts keys at every depth (integer-like keys too) and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }, undefined], 10: 0, 9: 0 })).toBe(
      '{"10":0,"9":0,"a":[{"c":"x"},null],"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('writes dates and other toJSON values as JSON does; top-level undefined as null', () => {
    expect(canonicalJson({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe(
      '{"at":"2026-01-02T00:00:00.000Z"}',
    );
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('é"\n')).toBe(JSON.stringify('é"\n'));
  });
});

describe('sameValue', () => {
  it('ignores key order and missing keys, but tells undefined from null', () => {
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue(undefined, undefined)).toBe(true);
    expect(sameValue(undefined, null)).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
