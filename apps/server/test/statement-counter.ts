// Counts the statements a piece of code sends to the database: every query a PostgreSQL client sends (any pool,
// planner-settings pools included), or every query, exec and transaction boundary on PGlite. Tests use it to keep
// round trips from creeping back (issue 34: at most two per lead list besides the session check).
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Database } from '../src/db/client.js';

export interface StatementCount {
  /** The statements sent so far, oldest first (BEGIN and COMMIT of a PGlite transaction included). */
  readonly statements: string[];
  reset(): void;
  restore(): void;
}

const textOf = (query: unknown): string => (typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? query));

export function countStatements(database: Database): StatementCount {
  const statements: string[] = [];
  const restorers: (() => void)[] = [];
  if (database.kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements.push(textOf(args[0]));
      return (original as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    restorers.push(() => {
      pg.Client.prototype.query = original;
    });
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { query, exec, transaction } = client;
    const counted = <T extends Pick<PGlite | Transaction, 'query' | 'exec'>>(target: T): T => {
      const targetQuery = target.query.bind(target);
      const targetExec = target.exec.bind(target);
      target.query = ((text: string, ...rest: unknown[]) => {
        statements.push(text);
        return (targetQuery as (...all: unknown[]) => unknown)(text, ...rest);
      }) as T['query'];
      target.exec = ((text: string, ...rest: unknown[]) => {
        statements.push(text);
        return (targetExec as (...all: unknown[]) => unknown)(text, ...rest);
      }) as T['exec'];
      return target;
    };
    counted(client);
    client.transaction = (async (fn: (tx: Transaction) => Promise<unknown>) => {
      statements.push('BEGIN');
      try {
        return await transaction.call(client, (tx) => fn(counted(tx)));
      } finally {
        statements.push('COMMIT');
      }
    }) as typeof transaction;
    restorers.push(() => Object.assign(client, { query, exec, transaction }));
  }
  return {
    statements,
    reset: () => {
      statements.length = 0;
    },
    restore: () => restorers.forEach((restore) => restore()),
  };
}
