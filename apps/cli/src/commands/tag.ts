import { tagRefusal } from '@assent/core/tags';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { openAccountSession } from '../session';
import { resolveProperty } from './properties';

export const showTag = defineCommand({
  options: z.object({
    property: z.string().trim().optional(),
    universal: z.boolean().default(false),
    amp: z.boolean().default(false),
    persistentLink: z.boolean().default(false),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    if (options.universal === Boolean(options.property))
      throw new CliError(
        'Give a PROPERTY (url, packageId or uuid), or --universal for the universal tag',
      );
    if (options.universal && (options.amp || options.persistentLink))
      throw new CliError('--amp and --persistent-link are for a property tag, not --universal');
    if (options.persistentLink && !options.amp)
      throw new CliError('--persistent-link goes with --amp');
    const session = await openAccountSession(ctx, options.account);
    const property = options.property
      ? await resolveProperty(session, options.property)
      : undefined;
    if (property) {
      const refusal = tagRefusal(property);
      if (refusal) throw new CliError(`${options.property} is an app. ${refusal}`);
    }
    const id = property?.uuid;
    return session.client.tags.get({
      query: {
        pCode: session.account,
        type: options.universal ? 'universal' : options.amp ? 'amp' : 'site',
        ...(id ? { id } : {}),
        ...(options.amp ? { persistentLink: options.persistentLink } : {}),
      },
    });
  },
  render(tag, options) {
    if (options.json) return jsonOutput(tag);
    // The snippet alone on stdout (so `assent tag x > tag.html` works); the guidance on stderr.
    const snippet = tag.snippet.endsWith('\n') ? tag.snippet : `${tag.snippet}\n`;
    const styles = tag.styles
      ? `\n${tag.styles.endsWith('\n') ? tag.styles : `${tag.styles}\n`}`
      : '';
    const notes = [tag.title, ...tag.instructions].filter(Boolean);
    return {
      stdout: `${snippet}${styles}`,
      ...(notes.length ? { stderr: notes.map((n) => `# ${n}`).join('\n') + '\n' } : {}),
    };
  },
});
