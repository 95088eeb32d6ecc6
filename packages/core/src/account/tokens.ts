import { z } from 'zod';
import { NO_ANGLE_BRACKETS } from '../messages';
import type { Validation } from '../validation';
import { collect, issue, noAngleBrackets, required } from '../validation';
import { TOKEN_NAME_REQUIRED, TOKEN_NAME_TOO_LONG } from './messages';
import { oneLineText } from '../text';

/**
 * Personal access tokens: how the CLI and scripts call the API on a user's behalf. The secret is
 * returned once, by the create call; lists only show its prefix.
 */

export const TOKEN_NAME_MAX_LENGTH = 100;

export const PersonalAccessToken = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
  /** ISO instant, null until first used. */
  lastUsedAt: z.string().nullable(),
  /** The first characters of the secret, to recognise it. */
  prefix: z.string(),
});
export type PersonalAccessToken = z.infer<typeof PersonalAccessToken>;

export const CreatePersonalAccessTokenRequest = z.object({ name: oneLineText() });
export type CreatePersonalAccessTokenRequest = z.infer<typeof CreatePersonalAccessTokenRequest>;

/** The create call's answer: the token and, this once, its secret. */
export const CreatedPersonalAccessToken = PersonalAccessToken.extend({ secret: z.string() });
export type CreatedPersonalAccessToken = z.infer<typeof CreatedPersonalAccessToken>;

/** A token name is required, at most 100 characters, without angle brackets. */
export function validateTokenName(
  request: CreatePersonalAccessTokenRequest,
): Validation<CreatePersonalAccessTokenRequest> {
  const name = request.name.trim();
  return collect({ name }, [
    required('name', name, TOKEN_NAME_REQUIRED),
    name.length > TOKEN_NAME_MAX_LENGTH && issue('name', 'maxLength', TOKEN_NAME_TOO_LONG),
    noAngleBrackets('name', name, NO_ANGLE_BRACKETS),
  ]);
}
