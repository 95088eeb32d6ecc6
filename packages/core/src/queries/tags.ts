import type { AssentClient } from '../api';
import type { TagType } from '../tags/tag';
import { queryOptionsOf } from './query-options';

export interface TagInput {
  pCode: string;
  type: TagType;
  /** The property (uuid) of a site or AMP tag. */
  id?: string | undefined;
  /** AMP only: add the persistent consent link. @default false */
  persistentLink?: boolean | undefined;
}

/** The universal tag of an account, or the site or AMP tag of a property. */
export const tagKeys = {
  all: ['tags'] as const,
  tag: (input: TagInput) =>
    [
      ...tagKeys.all,
      input.pCode,
      input.type,
      input.id ?? null,
      input.type === 'amp' ? (input.persistentLink ?? false) : null,
    ] as const,
};
export const tagQuery = (client: AssentClient, input: TagInput) =>
  queryOptionsOf(tagKeys.tag(input), ({ signal }) =>
    client.tags.get(
      {
        query: {
          pCode: input.pCode,
          type: input.type,
          ...(input.id ? { id: input.id } : {}),
          ...(input.type === 'amp' ? { persistentLink: input.persistentLink ?? false } : {}),
        },
      },
      { signal },
    ),
  );
