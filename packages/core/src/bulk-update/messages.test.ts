import { describe, expect, it } from 'vitest';
import {
  MULTIPLE_VERSIONS_CANCEL,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_NEXT,
} from './messages';

describe('bulk update messages', () => {
  it("name the mixed-versions modal 'Multiple versions detected' with Cancel and Next", () => {
    expect(MULTIPLE_VERSIONS_DETECTED).toBe('Multiple versions detected');
    expect([MULTIPLE_VERSIONS_CANCEL, MULTIPLE_VERSIONS_NEXT]).toEqual(['Cancel', 'Next']);
  });
});
