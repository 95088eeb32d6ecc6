import type { TestProject } from 'vitest/node';
import type { Cluster } from '@assent/testing';
import { findPostgresBin, startCluster } from '@assent/testing';
import { prepareTemplate } from '../src/db/template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL cluster, or '' when PostgreSQL is not installed. */
    postgresUrl: string;
  }
}

let cluster: Cluster | undefined;

export async function setup(project: TestProject) {
  // Every test server's database starts from the prepared template (initdb, migrations and pg-boss's
  // schema done once): made here when the build's is missing or older than the migrations.
  await prepareTemplate();
  const bin = findPostgresBin();
  if (!bin) {
    process.stdout.write(
      '\n[server tests] PostgreSQL is not installed: running against PGlite only.\n',
    );
    project.provide('postgresUrl', '');
    return;
  }
  cluster = await startCluster(bin);
  project.provide('postgresUrl', cluster.url);
}

export function teardown() {
  cluster?.stop();
}
