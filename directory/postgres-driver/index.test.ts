import registryPostgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFixedPostgresClient, postgres, warnUnlessFixedClient } from './index.ts';

// Clients connect lazily: none of these opens a connection.
const url = 'postgres://nobody@127.0.0.1:1/none';

describe('the engine’s PostgreSQL driver', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is the bundled build, not the installed package', () => {
    expect(postgres).not.toBe(registryPostgres);
    expect(typeof postgres.PostgresError).toBe('function');
  });

  it('tells its own clients from clients of a separately installed driver', () => {
    expect(isFixedPostgresClient(postgres(url))).toBe(true);
    expect(isFixedPostgresClient(registryPostgres(url))).toBe(false);
    expect(isFixedPostgresClient({ PostgresError: postgres.PostgresError })).toBe(false);
    expect(isFixedPostgresClient(undefined)).toBe(false);
  });

  it('warns, naming the fix and the way out, only for a client of another driver', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    warnUnlessFixedClient(postgres(url), 'the store');
    expect(warn).not.toHaveBeenCalled();
    warnUnlessFixedClient(registryPostgres(url), 'the store');
    expect(warn).toHaveBeenCalledOnce();
    const [message, options] = warn.mock.calls[0] as [string, { code: string }];
    expect(message).toContain('the store was given a client of a separately installed `postgres` driver');
    expect(message).toContain("'@gatehousejs/engine/postgres'");
    expect(options.code).toBe('GATEHOUSE_UNFIXED_POSTGRES');
  });
});
