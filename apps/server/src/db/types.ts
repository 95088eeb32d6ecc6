/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Queries on
   * the database made while `fn` runs (in its async context) join the transaction; a nested call
   * joins it too.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** The adapter pg-boss uses to run its own SQL on this database. */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}
