import type { PreviewResult, ThemeValues } from '@assent/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../routes/context';

/** The banner script for unsaved theme values (the theme form's preview). Phase 2 of the banner work. */
export async function previewTheme(
  _deps: AppDeps,
  _pCode: string,
  _theme: ThemeValues,
  _request: FastifyRequest,
): Promise<PreviewResult> {
  return { error: 'The preview is not available yet.' };
}
