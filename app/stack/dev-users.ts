/**
 * The three test users of the development stack and where the development location service
 * places them. Subject ids are fixed so that data survives restarts of the provider.
 */

/** A user of the development OpenID provider. */
export interface DevUser {
  /** What is typed into the login form. */
  readonly username: string;
  /** The stable subject id (`sub` claim); the application's user id. */
  readonly sub: string;
  readonly email: string;
  readonly name: string;
}

/** alice and bob are standard users; charlie is located in a restricted country. */
export const DEV_USERS: readonly DevUser[] = Object.freeze([
  {
    username: 'alice',
    sub: 'e0953455-4435-4c86-b564-04b645a35471',
    email: 'alice@example.com',
    name: 'Alice Anderson',
  },
  {
    username: 'bob',
    sub: '1b0d0676-71c7-4fee-9ae1-1a6ce827bc7b',
    email: 'bob@example.com',
    name: 'Bob Brown',
  },
  {
    username: 'charlie',
    sub: 'b04ae9a1-0b63-4b99-ae5f-3c148f4e817b',
    email: 'charlie@example.com',
    name: 'Charlie Chen',
  },
]);

/** What the location service answers for one user. */
export interface UserLocation {
  /** ISO 3166-1 alpha-2 code, e.g. `GB`. */
  readonly countryCode: string;
  readonly countryName: string;
  readonly city: string;
}

/** The development location table, by subject id: alice in GB, bob in DE, charlie in CN (restricted). */
export const DEV_LOCATIONS: Readonly<Record<string, UserLocation>> = Object.freeze({
  'e0953455-4435-4c86-b564-04b645a35471': {
    countryCode: 'GB',
    countryName: 'United Kingdom',
    city: 'London',
  },
  '1b0d0676-71c7-4fee-9ae1-1a6ce827bc7b': { countryCode: 'DE', countryName: 'Germany', city: 'Berlin' },
  'b04ae9a1-0b63-4b99-ae5f-3c148f4e817b': { countryCode: 'CN', countryName: 'China', city: 'Shanghai' },
});
