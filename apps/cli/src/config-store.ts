import Conf from 'conf';
import { z } from 'zod';

/** What `assent login` keeps in the user's config: the server, the token and the chosen account. */
export const StoredLogin = z.object({
  url: z.string().optional(),
  token: z.string().optional(),
  /** The token's id, so logout can revoke it. */
  tokenId: z.string().optional(),
  email: z.string().optional(),
  account: z.string().optional(),
});
export type StoredLogin = z.infer<typeof StoredLogin>;

export interface ConfigStore {
  read(): StoredLogin;
  write(values: StoredLogin): void;
  readonly path: string;
}

/**
 * The config file (conf): in the user's config directory, or ASSENT_CONFIG_DIR when set (tests,
 * CI jobs with several identities). Written readable by the user only: it holds a token.
 */
export function openConfigStore(env: NodeJS.ProcessEnv): ConfigStore {
  const conf = new Conf<StoredLogin>({
    projectName: 'assent',
    projectSuffix: '',
    configName: 'config',
    ...(env.ASSENT_CONFIG_DIR ? { cwd: env.ASSENT_CONFIG_DIR } : {}),
    configFileMode: 0o600,
  });
  return {
    path: conf.path,
    read: () => {
      const parsed = StoredLogin.safeParse(conf.store);
      return parsed.success ? parsed.data : {};
    },
    write: (values) => {
      conf.store = Object.fromEntries(
        Object.entries(values).filter(([, v]) => v !== undefined),
      ) as StoredLogin;
    },
  };
}
