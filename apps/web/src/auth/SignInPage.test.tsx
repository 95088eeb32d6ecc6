import {
  ALREADY_HAVE_AN_ACCOUNT,
  CHECK_EMAIL_AND_PASSWORD,
  COMPANY_NAME_REQUIRED,
  CONFIRMATION_CODE_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  JOIN_EXISTING_ORGANISATION_NOTE,
  LAST_NAME_REQUIRED,
  NAME_FIELDS_NO_ANGLE_BRACKETS,
  NAME_TOO_SHORT,
  NEED_AN_ACCOUNT,
  NEW_ACTIVATION_EMAIL_SENT,
  NEXT_BUTTON,
  PASSWORD_REQUIRED,
  PASSWORD_RESET_SUCCESS,
  RESEND_ACTIVATION_MAIL,
  RESEND_CONFIRMATION_SUCCESS,
  SIGN_IN_BUTTON,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  TROUBLE_SIGNING_IN,
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_SETUP_NEEDED,
} from '@assent/core/account';
import { buildAccountUser } from '@assent/core/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_BUTTONS, AUTH_TITLES, PROFILE_HEADING, TWO_FACTOR_COPY } from './labels';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';

const jane = buildAccountUser();

/** A fake API where /auth/me answers 401 until sign-in succeeds. */
function anonymousApi() {
  let signedIn = false;
  const api = fakeApi()
    .on('GET /auth/me', () =>
      signedIn ? { body: jane } : apiError(401, 'UNAUTHORIZED', 'Please sign in'),
    )
    .on('GET /customization/v2/site/rows', { body: [] });
  return { api, signIn: () => (signedIn = true) };
}

async function enterEmail(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: NEXT_BUTTON }));
}

describe('sign-in page', () => {
  it('asks for the e-mail first with Next, then the password with SIGN IN', async () => {
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
    await user.click(await screen.findByRole('button', { name: SIGN_IN_BUTTON }));
    expect(await screen.findByText(PASSWORD_REQUIRED)).toBeTruthy();
  });

  it('signs in and lands on the properties of the first account', async () => {
    const { api, signIn } = anonymousApi();
    api.on('POST /auth/sign-in', () => {
      signIn();
      return { body: jane };
    });
    const { user, router } = renderApp({ path: '/login', user: null, api });
    await enterEmail(user, 'jane@example.com');
    await user.type(await screen.findByLabelText('Password'), 'secret 42');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
    expect(api.calls.find((c) => c.path === '/auth/sign-in')?.body).toEqual({
      email: 'jane@example.com',
      password: 'secret 42',
    });
  });

  it('asks a two-factor user for the code after the password; the session comes with the code', async () => {
    const { api, signIn } = anonymousApi();
    api
      .on('POST /auth/sign-in', apiError(401, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_CODE_NEEDED))
      .on('POST /auth/sign-in/two-factor', ({ body }) => {
        if ((body as { code: string }).code !== '654321')
          return {
            status: 400,
            body: {
              status: 'CODE_MISMATCH',
              message: INVALID_TWO_FACTOR_CODE,
              fields: { code: INVALID_TWO_FACTOR_CODE },
            },
          };
        signIn();
        return { body: jane };
      });
    const { user, router } = renderApp({ path: '/login', user: null, api });
    await enterEmail(user, 'jane@example.com');
    await user.type(await screen.findByLabelText('Password'), 'secret 42');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    expect(await screen.findByText(TWO_FACTOR_CODE_NEEDED)).toBeTruthy();
    const code = await screen.findByLabelText(/^Authentication code/);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verifyButton }));
    expect(await screen.findByText(INVALID_TWO_FACTOR_CODE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await user.clear(code);
    await user.type(code, '654 321');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.verifyButton }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
  });

  it('enrols a member whose account requires two-factor sign-in, then shows the recovery codes', async () => {
    const { api, signIn } = anonymousApi();
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${'jkmnpqrstu'[i]}k`);
    api
      .on('POST /auth/sign-in', apiError(401, 'TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_NEEDED))
      .on('POST /auth/two-factor/setup', {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Assent:jane%40example.com?secret=JBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      })
      .on('POST /auth/two-factor/enable', () => {
        signIn();
        return { body: { recoveryCodes: codes } };
      });
    const { user, router } = renderApp({ path: '/login', user: null, api });
    await enterEmail(user, 'jane@example.com');
    await user.type(await screen.findByLabelText('Password'), 'secret 42');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    expect(await screen.findByText(TWO_FACTOR_SETUP_NEEDED)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: TWO_FACTOR_COPY.qrAlt });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.enableButton }));
    const list = await screen.findByRole('list', { name: TWO_FACTOR_COPY.recoveryTitle });
    expect(list.textContent).toBe(codes.join(''));
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_COPY.continue }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
  });

  it('maps refused credentials to the check-your-email message', async () => {
    const { api } = anonymousApi();
    api.on(
      'POST /auth/sign-in',
      apiError(401, 'NOT_AUTHORIZED', 'Incorrect username or password.'),
    );
    const { user } = renderApp({ path: '/login', user: null, api });
    await enterEmail(user, 'jane@example.com');
    await user.type(await screen.findByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    expect(await screen.findByText(CHECK_EMAIL_AND_PASSWORD)).toBeTruthy();
  });

  it('resends the activation mail to an unconfirmed user and opens the confirm screen', async () => {
    const { api } = anonymousApi();
    api
      .on('POST /auth/sign-in', apiError(403, 'USER_NOT_CONFIRMED', 'User is not confirmed.'))
      .on('POST /auth/resend-confirmation', { body: { message: RESEND_CONFIRMATION_SUCCESS } });
    const { user } = renderApp({ path: '/login', user: null, api });
    await enterEmail(user, 'new@example.com');
    await user.type(await screen.findByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    expect(await screen.findByText(NEW_ACTIVATION_EMAIL_SENT)).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: AUTH_TITLES.confirmResendConfirmationEmail }),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/resend-confirmation')?.body).toEqual({
      email: 'new@example.com',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
  });

  it('validates sign-up and confirms it with the e-mailed code', async () => {
    const { api } = anonymousApi();
    api
      .on('POST /auth/sign-up', { status: 201, body: { message: SIGN_UP_SUCCESS } })
      .on('POST /auth/confirm-sign-up', { body: { message: SIGN_UP_CONFIRMED } });
    const { user } = renderApp({ path: '/login', user: null, api });
    await user.click(await screen.findByRole('button', { name: NEED_AN_ACCOUNT }));
    expect(screen.getByText(JOIN_EXISTING_ORGANISATION_NOTE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.signUp }));
    for (const message of [
      FIRST_NAME_REQUIRED,
      LAST_NAME_REQUIRED,
      EMAIL_REQUIRED,
      COMPANY_NAME_REQUIRED,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.type(screen.getByLabelText('First name'), '<b>');
    await user.type(screen.getByLabelText('Last name'), 'Doe');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Company name'), 'Example Media');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.signUp }));
    expect(screen.getByText(NAME_FIELDS_NO_ANGLE_BRACKETS)).toBeTruthy();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Jo');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.signUp }));
    expect(await screen.findByText(SIGN_UP_SUCCESS)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/sign-up')?.body).toEqual({
      email: 'new@example.com',
      firstName: 'Jo',
      lastName: 'Doe',
      company: 'Example Media',
    });

    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.confirm }));
    expect(screen.getByText(CONFIRMATION_CODE_REQUIRED)).toBeTruthy();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'secret 42');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.confirm }));
    expect(await screen.findByText(SIGN_UP_CONFIRMED)).toBeTruthy();
    expect(screen.getByRole('button', { name: NEXT_BUTTON })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/confirm-sign-up')?.body).toEqual({
      email: 'new@example.com',
      code: '123456',
      password: 'secret 42',
    });
  });

  it("shows the server's name rule as the 2-character message", async () => {
    const { api } = anonymousApi();
    api.on('POST /auth/sign-up', apiError(400, 'INVALID_PARAMETER', 'too short'));
    const { user } = renderApp({ path: '/login', user: null, api });
    await user.click(await screen.findByRole('button', { name: NEED_AN_ACCOUNT }));
    await user.type(screen.getByLabelText('First name'), 'J');
    await user.type(screen.getByLabelText('Last name'), 'D');
    await user.type(screen.getByLabelText('Email'), 'j@example.com');
    await user.type(screen.getByLabelText('Company name'), 'X');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.signUp }));
    expect(await screen.findByText(NAME_TOO_SHORT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ALREADY_HAVE_AN_ACCOUNT }));
    expect(screen.getByRole('button', { name: NEXT_BUTTON })).toBeTruthy();
  });

  it('/reset-password opens forgot password, then the code and new password', async () => {
    const { api } = anonymousApi();
    api
      .on('POST /auth/forgot-password', { body: { message: 'sent' } })
      .on('POST /auth/confirm-forgot-password', { body: { message: PASSWORD_RESET_SUCCESS } });
    const { user } = renderApp({ path: '/reset-password', user: null, api });
    expect(await screen.findByRole('heading', { name: AUTH_TITLES.forgotPassword })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.sendCode }));
    expect(screen.getByText(EMAIL_REQUIRED)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.sendCode }));
    expect(
      await screen.findByRole('heading', { name: AUTH_TITLES.forgotPasswordSubmit }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Confirmation code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'new secret 7');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.resetPassword }));
    expect(await screen.findByText(PASSWORD_RESET_SUCCESS)).toBeTruthy();
  });

  it('offers trouble signing in and resend activation from the sign-in form', async () => {
    const { api } = anonymousApi();
    api.on('POST /auth/resend-confirmation', { body: { message: RESEND_CONFIRMATION_SUCCESS } });
    const { user } = renderApp({ path: '/login', user: null, api });
    expect(await screen.findByRole('button', { name: TROUBLE_SIGNING_IN })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: RESEND_ACTIVATION_MAIL }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: AUTH_BUTTONS.resend }));
    expect(await screen.findByText(RESEND_CONFIRMATION_SUCCESS)).toBeTruthy();
  });

  it('shows the profile block to a signed-in user; its heading signs out', async () => {
    let signedIn = true;
    const api = fakeApi()
      .on('GET /auth/me', () =>
        signedIn ? { body: jane } : apiError(401, 'UNAUTHORIZED', 'Please sign in'),
      )
      .on('POST /auth/sign-out', () => {
        signedIn = false;
        return { body: { message: 'bye' } };
      });
    const { user } = renderApp({ path: '/login', api });
    const heading = await screen.findByRole('button', { name: PROFILE_HEADING });
    expect(screen.getAllByText('jane@example.com')).toHaveLength(2);
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    await user.click(heading);
    expect(await screen.findByRole('button', { name: NEXT_BUTTON })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/auth/sign-out')).toBe(true);
  });

  it('sends a visitor of a protected page to /login', async () => {
    const { router } = renderApp({ path: '/protect/p-AB12CD/vendors', user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
