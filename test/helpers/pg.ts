/**
 * Real PostgreSQL for the tests. The server's URL comes from MCP_POSTURE_TEST_PG (set by
 * `eval "$(scripts/pg-test.sh start)"`, which .ci/run does). A missing variable fails the
 * test that needs it with instructions: a silent skip would hide that PostgreSQL went untested.
 * Each test file gets its own database, dropped at the end.
 */
import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { expect } from 'vitest';

export const PG_ENV = 'MCP_POSTURE_TEST_PG';

export function pgServerUrl(): string {
  const url = process.env[PG_ENV];
  expect(
    url,
    `${PG_ENV} is not set: start the test PostgreSQL with  eval "$(scripts/pg-test.sh start)"  (CI does this in .ci/run)`,
  ).toBeTruthy();
  return url!;
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server (the role has CREATEDB). */
export async function createTestDatabase(tag: string): Promise<TestDatabase> {
  const server = pgServerUrl();
  const name = `posture_${tag}_${randomBytes(4).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
