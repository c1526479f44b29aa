import { describe, expect, it } from 'vitest';
import { createFormTokens } from './csrf-token.ts';

const SECRET = 'a-session-secret-of-at-least-32-bytes!';

describe('form tokens', () => {
  const tokens = createFormTokens(SECRET);

  it('gives one session one stable token and accepts only that one', () => {
    const token = tokens.tokenFor('session-a');
    expect(tokens.tokenFor('session-a')).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify('session-a', token)).toBe(true);
  });

  it("refuses another session's token, a missing or altered token, and anything not a string", () => {
    const token = tokens.tokenFor('session-a');
    expect(tokens.verify('session-b', token)).toBe(false);
    expect(tokens.verify('session-a', undefined)).toBe(false);
    expect(tokens.verify('session-a', '')).toBe(false);
    expect(tokens.verify('session-a', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(tokens.verify('session-a', `${token}x`)).toBe(false);
    expect(tokens.verify('session-a', [token])).toBe(false);
    expect(tokens.verify('', tokens.tokenFor(''))).toBe(false);
  });

  it('depends on the secret, so a token is worthless under another deployment', () => {
    const other = createFormTokens(`${SECRET}-other`);
    expect(other.tokenFor('session-a')).not.toBe(tokens.tokenFor('session-a'));
    expect(other.verify('session-a', tokens.tokenFor('session-a'))).toBe(false);
  });

  it("marks a user's forms across sessions, and a mark is neither another user's nor a token", () => {
    const mark = tokens.userMarkFor('sub-ann');
    expect(tokens.verifyUserMark('sub-ann', mark)).toBe(true);
    expect(tokens.verifyUserMark('sub-ben', mark)).toBe(false);
    expect(tokens.verifyUserMark('sub-ann', tokens.tokenFor('sub-ann'))).toBe(false);
    expect(tokens.verify('sub-ann', mark)).toBe(false);
    expect(tokens.verifyUserMark('', tokens.userMarkFor(''))).toBe(false);
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => createFormTokens('short')).toThrow(/at least 32 bytes/);
  });
});
