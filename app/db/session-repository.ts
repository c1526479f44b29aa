/**
 * Server-side session records. The cookie carries a random token; only its SHA-256 is stored.
 * A record is either a signed-in session or a sign-in in progress (state, nonce and PKCE
 * verifier kept until the callback). Expiry is decided here, against the caller's clock.
 */
import { z } from 'zod';
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import type { User } from './user-repository.ts';

const pendingLoginSchema = z.strictObject({
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  codeVerifier: z.string().min(43).max(128),
  /** A local path to return to after sign-in. */
  returnTo: z.string().startsWith('/').max(2048),
});

/** What the callback needs to finish a sign-in. */
export type PendingLogin = z.infer<typeof pendingLoginSchema>;

/** A signed-in session with its user. */
export interface ActiveSession {
  readonly tokenHash: string;
  readonly user: User;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Timing of a new record. */
export interface SessionTiming {
  /** Hex SHA-256 of the cookie token. */
  readonly tokenHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Statements on `sessions`. */
export interface SessionRepository {
  /** `idToken`: the provider's ID token, kept to name the session when signing out there. */
  createForUser(
    session: SessionTiming & { readonly userId: string; readonly idToken?: string },
  ): Promise<void>;
  createPendingLogin(session: SessionTiming & { readonly pendingLogin: PendingLogin }): Promise<void>;
  /** The signed-in session, unless it expired at `now`. */
  findActive(tokenHash: string, now: Date): Promise<ActiveSession | undefined>;
  /** Removes and returns a sign-in in progress (once only), unless it expired at `now`. */
  takePendingLogin(tokenHash: string, now: Date): Promise<PendingLogin | undefined>;
  /** True when a record was removed. */
  delete(tokenHash: string): Promise<boolean>;
  /** Removes a signed-in session, returning the ID token it kept (`null` when none). */
  end(tokenHash: string): Promise<{ readonly idToken: string | null } | undefined>;
  /** Signs a user out everywhere; returns the number of records removed. */
  deleteForUser(userId: string): Promise<number>;
  /** Removes records that expired at `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}

type ActiveRow = {
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  user_id: string;
  email: string;
  name: string;
  user_created_at: Date;
  user_updated_at: Date;
};

/** Largest ID token kept (a larger one is not kept: signing out then asks the provider to confirm). */
const MAX_ID_TOKEN_BYTES = 16_384;

/** The session repository over a pool or a transaction. */
export function createSessionRepository(db: Queryable): SessionRepository {
  return {
    createForUser: (s) =>
      withDatabaseErrors('create session', async () => {
        await db`
          INSERT INTO sessions (token_hash, user_id, created_at, expires_at, id_token)
          VALUES (${s.tokenHash}, ${s.userId}, ${s.createdAt}, ${s.expiresAt},
                  ${s.idToken !== undefined && Buffer.byteLength(s.idToken) <= MAX_ID_TOKEN_BYTES ? s.idToken : null})`;
      }),
    createPendingLogin: (s) =>
      withDatabaseErrors('create sign-in session', async () => {
        const parsed = pendingLoginSchema.safeParse(s.pendingLogin);
        if (!parsed.success) {
          throw new DatabaseError(
            'invalid',
            `sign-in session is malformed: ${parsed.error.issues[0]?.message}`,
            {
              field: 'pending_login',
            },
          );
        }
        const pendingLogin = parsed.data;
        await db`
          INSERT INTO sessions (token_hash, pending_login, created_at, expires_at)
          VALUES (${s.tokenHash}, ${db.json(pendingLogin)}, ${s.createdAt}, ${s.expiresAt})`;
      }),
    findActive: (tokenHash, now) =>
      withDatabaseErrors('read session', async () => {
        const [row] = await db<ActiveRow[]>`
          SELECT s.token_hash, s.created_at, s.expires_at, u.id AS user_id, u.email, u.name,
                 u.created_at AS user_created_at, u.updated_at AS user_updated_at
          FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now}`;
        if (!row) return undefined;
        const user = {
          id: row.user_id,
          email: row.email,
          name: row.name,
          createdAt: row.user_created_at,
          updatedAt: row.user_updated_at,
        };
        return { tokenHash: row.token_hash, user, createdAt: row.created_at, expiresAt: row.expires_at };
      }),
    takePendingLogin: (tokenHash, now) =>
      withDatabaseErrors('read sign-in session', async () => {
        const [row] = await db<{ pending_login: unknown; expires_at: Date }[]>`
          DELETE FROM sessions WHERE token_hash = ${tokenHash} AND pending_login IS NOT NULL
          RETURNING pending_login, expires_at`;
        if (!row || row.expires_at <= now) return undefined;
        const parsed = pendingLoginSchema.safeParse(row.pending_login);
        if (!parsed.success) throw new DatabaseError('invalid', 'stored sign-in session is malformed');
        return parsed.data;
      }),
    delete: (tokenHash) =>
      withDatabaseErrors('delete session', async () => {
        const result = await db`DELETE FROM sessions WHERE token_hash = ${tokenHash}`;
        return result.count > 0;
      }),
    end: (tokenHash) =>
      withDatabaseErrors('end session', async () => {
        const [row] = await db<{ id_token: string | null }[]>`
          DELETE FROM sessions WHERE token_hash = ${tokenHash} AND user_id IS NOT NULL RETURNING id_token`;
        return row && { idToken: row.id_token };
      }),
    deleteForUser: (userId) =>
      withDatabaseErrors('delete sessions', async () => {
        const result = await db`DELETE FROM sessions WHERE user_id = ${userId}`;
        return result.count;
      }),
    deleteExpired: (now) =>
      withDatabaseErrors('delete expired sessions', async () => {
        const result = await db`DELETE FROM sessions WHERE expires_at <= ${now}`;
        return result.count;
      }),
  };
}
