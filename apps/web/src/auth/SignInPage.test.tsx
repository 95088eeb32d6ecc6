import { EMAIL_INVALID, EMAIL_REQUIRED, NEXT_BUTTON, SIGN_IN_BUTTON } from '@assent/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';

describe('sign-in page', () => {
  it('asks for the e-mail first with Next and checks it', async () => {
    const { user } = renderApp({ path: '/login', user: null });
    const next = await screen.findByRole('button', { name: NEXT_BUTTON });
    await user.click(next);
    expect(await screen.findByText(EMAIL_REQUIRED)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(next);
    expect(await screen.findByText(EMAIL_INVALID)).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(next);
    expect(await screen.findByRole('button', { name: SIGN_IN_BUTTON })).toBeTruthy();
  });
});
