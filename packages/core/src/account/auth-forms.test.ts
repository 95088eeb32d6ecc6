import { describe, expect, it } from 'vitest';
import type { Validation } from '../validation';
import {
  meetsPasswordPolicy,
  validateChangePasswordForm,
  validateChangePasswordRequest,
  validateConfirmCodeForm,
  validateConfirmCodeRequest,
  validateEmailOnlyForm,
  validateEmailOnlyRequest,
  validateSignInForm,
  validateSignInRequest,
  validateSignUpForm,
  validateSignUpRequest,
} from './auth-forms';

const messages = (result: Validation<unknown>) =>
  result.ok ? [] : result.issues.map((i) => [i.field, i.message]);

describe('sign-in form', () => {
  it("requires the e-mail: 'Email is required', then 'Please enter a valid email address'", () => {
    expect(messages(validateSignInForm({ email: '' }, 'email'))).toEqual([
      ['email', 'Email is required'],
    ]);
    expect(messages(validateSignInForm({ email: 'jane@' }, 'email'))).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });

  it("requires the password only once it is shown: 'Password is required'", () => {
    expect(validateSignInForm({ email: 'jane@example.com' }, 'email').ok).toBe(true);
    expect(
      messages(validateSignInForm({ email: 'jane@example.com', password: '' }, 'password')),
    ).toEqual([['password', 'Password is required']]);
    expect(messages(validateSignInRequest({ email: 'jane@example.com', password: '' }))).toEqual([
      ['password', 'Password is required'],
    ]);
  });
});

describe('sign-up form', () => {
  const valid = { firstName: 'Jo', lastName: 'Li', email: 'jo@example.com', company: 'Acme' };

  it('requires first name, last name, e-mail and company name', () => {
    expect(
      messages(validateSignUpForm({ firstName: '', lastName: '', email: '', company: '' })),
    ).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['email', 'Email is required'],
      ['company', 'Company name is required'],
    ]);
    expect(messages(validateSignUpForm({ ...valid, email: 'jo' }))).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });

  it("refuses '<' and '>' in first, last and company names", () => {
    expect(
      messages(
        validateSignUpForm({ ...valid, firstName: '<Jo>', lastName: 'a>b', company: 'Ac<me' }),
      ),
    ).toEqual([
      ['firstName', "Name Fields should not include '<' and '>' characters"],
      ['lastName', "Name Fields should not include '<' and '>' characters"],
      ['company', "Name Fields should not include '<' and '>' characters"],
    ]);
  });

  it('leaves the 2-character name rule to the server', () => {
    const short = { ...valid, firstName: 'J', lastName: 'L' };
    expect(validateSignUpForm(short).ok).toBe(true);
    expect(messages(validateSignUpRequest(short))).toEqual([
      ['firstName', 'First name or Last name should be at least 2 characters long'],
      ['lastName', 'First name or Last name should be at least 2 characters long'],
    ]);
    expect(validateSignUpRequest(valid).ok).toBe(true);
  });
});

describe('confirmation codes', () => {
  it("requires the code and the password: 'Confirmation code is required', 'Password is required'", () => {
    expect(messages(validateConfirmCodeForm({ code: '', password: '' }))).toEqual([
      ['code', 'Confirmation code is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('applies the password policy on the server', () => {
    const request = { email: 'jo@example.com', code: '123456', password: 'short1' };
    expect(validateConfirmCodeForm(request).ok).toBe(true);
    expect(messages(validateConfirmCodeRequest(request))).toEqual([
      [
        'password',
        'Password must be 8 to 128 characters long and contain at least one letter and one digit',
      ],
    ]);
    expect(validateConfirmCodeRequest({ ...request, password: 'longer-pass-1' }).ok).toBe(true);
  });
});

describe('forgot password and resend', () => {
  it("require the e-mail: 'Email is required'", () => {
    expect(messages(validateEmailOnlyForm({ email: ' ' }))).toEqual([
      ['email', 'Email is required'],
    ]);
    expect(validateEmailOnlyForm({ email: 'jo@example.com' }).ok).toBe(true);
    expect(messages(validateEmailOnlyRequest({ email: 'jo' }))).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });
});

describe('change password', () => {
  it("requires both: 'Please input your old password!' and 'Please input your new password!'", () => {
    expect(messages(validateChangePasswordForm({ oldPassword: '', newPassword: '' }))).toEqual([
      ['oldPassword', 'Please input your old password!'],
      ['newPassword', 'Please input your new password!'],
    ]);
  });
  it('applies the password policy to the new password on the server', () => {
    expect(
      messages(validateChangePasswordRequest({ oldPassword: 'x', newPassword: 'abcdefgh' })),
    ).toEqual([
      [
        'newPassword',
        'Password must be 8 to 128 characters long and contain at least one letter and one digit',
      ],
    ]);
  });
});

describe('password policy', () => {
  it.each([
    ['abcdefg1', true],
    ['ÄÖÜäöüß1', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc1', false],
    [`a1${'x'.repeat(127)}`, false],
  ])('%s → %s', (password, ok) => expect(meetsPasswordPolicy(password)).toBe(ok));
});
