import { describe, expect, it } from 'vitest';
import { consentGroupKey } from './consent-scope';

describe('consent scope', () => {
  it('consentGroupKey ignores case, query and trailing slashes', () => {
    expect(consentGroupKey('https://Group.example/consent/')).toBe(
      consentGroupKey('https://group.example/consent?x=1'),
    );
    expect(consentGroupKey('https://group.example/a')).not.toBe(
      consentGroupKey('https://group.example/b'),
    );
  });
});
