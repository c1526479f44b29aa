/**
 * Users as signed in through the identity provider: the id is the `sub` claim.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { type Page, resolvePage } from './page.ts';

/** A user row. */
export interface User {
  /** The subject id (`sub`). */
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What sign-in knows about a user. */
export interface UserInput {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

/** Statements on `users`. */
export interface UserRepository {
  /** Inserts the user or refreshes e-mail and name; `conflict` when another user has the e-mail. */
  upsert(user: UserInput): Promise<User>;
  get(id: string): Promise<User | undefined>;
  /** Case-insensitive. */
  getByEmail(email: string): Promise<User | undefined>;
  /** Ordered by e-mail. */
  list(page?: Page): Promise<User[]>;
  /** Returns the deleted user; `still_referenced` while the user owns folders or documents. */
  delete(id: string): Promise<User | undefined>;
}

type UserRow = { id: string; email: string; name: string; created_at: Date; updated_at: Date };

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The user repository over a pool or a transaction. */
export function createUserRepository(db: Queryable): UserRepository {
  return {
    upsert: (user) =>
      withDatabaseErrors('save user', async () => {
        const [row] = await db<UserRow[]>`
          INSERT INTO users (id, email, name) VALUES (${user.id}, ${user.email}, ${user.name})
          ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name, updated_at = now()
          RETURNING id, email, name, created_at, updated_at`;
        return toUser(row!);
      }),
    get: (id) =>
      withDatabaseErrors('get user', async () => {
        const [row] = await db<UserRow[]>`
          SELECT id, email, name, created_at, updated_at FROM users WHERE id = ${id}`;
        return row && toUser(row);
      }),
    getByEmail: (email) =>
      withDatabaseErrors('get user', async () => {
        const [row] = await db<UserRow[]>`
          SELECT id, email, name, created_at, updated_at FROM users WHERE lower(email) = lower(${email})`;
        return row && toUser(row);
      }),
    list: (page) =>
      withDatabaseErrors('list users', async () => {
        const { limit, offset } = resolvePage(page);
        const rows = await db<UserRow[]>`
          SELECT id, email, name, created_at, updated_at FROM users
          ORDER BY lower(email), id LIMIT ${limit} OFFSET ${offset}`;
        return rows.map(toUser);
      }),
    delete: (id) =>
      withDatabaseErrors('delete user', async () => {
        const [row] = await db<UserRow[]>`
          DELETE FROM users WHERE id = ${id} RETURNING id, email, name, created_at, updated_at`;
        return row && toUser(row);
      }),
  };
}
