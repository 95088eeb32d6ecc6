import { describe, expect, it } from 'vitest';
import { CreatedPersonalAccessToken, PersonalAccessToken, validateTokenName } from './tokens';

const token = {
  id: 'tok-1',
  name: 'CI',
  createdAt: '2024-03-15T12:00:00.000Z',
  lastUsedAt: null,
  prefix: 'ast_3f9a',
};

describe('personal access tokens', () => {
  it('lists tokens without their secret', () => {
    const listed = PersonalAccessToken.parse({ ...token, secret: 'ast_3f9a-very-secret' });
    expect(listed).not.toHaveProperty('secret');
  });

  it('returns the secret only in the create response', () => {
    expect(CreatedPersonalAccessToken.parse({ ...token, secret: 's' }).secret).toBe('s');
    expect(CreatedPersonalAccessToken.safeParse(token).success).toBe(false);
  });

  it('requires a short name without angle brackets', () => {
    const messages = (name: string) => {
      const r = validateTokenName({ name });
      return r.ok ? [] : r.issues.map((i) => i.message);
    };
    expect(messages(' ')).toEqual(['Please enter a token name']);
    expect(messages('x'.repeat(101))).toEqual(['Token name must be at most 100 characters']);
    expect(messages('<b>')).toEqual(["Field should not contain '<' or '>' symbols."]);
    expect(validateTokenName({ name: ' CI ' })).toEqual({ ok: true, value: { name: 'CI' } });
  });
});
