/**
 * Services a launcher starts before the application for one run — `npm run start:topaz` starts
 * Topaz and, when installed, Keycloak — registered here so that the application's start-up banner
 * shows them and its orderly stop (Ctrl-C, SIGTERM, a failed start) stops them after everything
 * else. `npm start` registers none.
 */
import type { DevUser } from './dev-users.ts';

/** A service started for this run. */
export interface CompanionService {
  /** Its line in the banner, e.g. `Topaz` or `OpenID provider` (replacing the stack's own line). */
  readonly label: string;
  /** What the banner says of it, e.g. `Keycloak 26.4.7 http://127.0.0.1:9000/realms/gatehouse`. */
  readonly description: string;
  /** Users who can sign in through it (an identity provider), listed in the banner. */
  readonly users?: readonly DevUser[];
  stop(): Promise<void>;
}

const companions: CompanionService[] = [];

/** Registers a started service (in start order). */
export function addCompanionService(service: CompanionService): void {
  companions.push(service);
}

/** The services registered so far, in start order. */
export function companionServices(): readonly CompanionService[] {
  return [...companions];
}
