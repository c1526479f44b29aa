/**
 * The adapter contract: one suite every framework adapter runs (Hono, Fastify, and a third
 * party's), so that the same requests against the same routes and policies get the same statuses
 * and bodies (the application and its routes: `adapter-contract-app.ts`; the cases by concern:
 * `adapter-contract-middleware.ts`, `-guards.ts`, `-outages.ts`, `-denials.ts`). Decisions come
 * from the in-memory decision service (`adapter-contract-decisions.ts`) unless the run gives its
 * own (our adapters also run it on the embedded engine).
 */
import { afterEach, describe } from 'vitest';
import type { ContractApp, ContractSetup } from './adapter-contract-app.ts';
import { type ContractDecisions, startInMemoryContractDecisions } from './adapter-contract-decisions.ts';
import { denialDecisionCases } from './adapter-contract-denials.ts';
import { guardCases } from './adapter-contract-guards.ts';
import { middlewareCases } from './adapter-contract-middleware.ts';
import { outageCases } from './adapter-contract-outages.ts';
import { recordingLogger } from './harness.ts';
import { ManualClock } from './manual-clock.ts';

/** Options of {@link runAdapterContract}. */
export interface AdapterContractOptions {
  /**
   * Starts the decision service of one case, loaded with the contract's policies and directory
   * (default: the in-memory decision service with `CONTRACT_RULES`).
   */
  readonly decisions?: () => Promise<ContractDecisions>;
  /**
   * The adapter carries the deciding decision in its denials, and the contract application reports
   * its source as `deniedBy`: the cases of `adapter-contract-denials.ts` run too.
   */
  readonly denialDecisions?: boolean;
}

/**
 * Runs the contract (Vitest) against the applications `makeApp` builds: `makeApp` gets the
 * decision service, clock and logger to configure with and returns a way to send requests.
 *
 * @param options.decisions the decision side (default: the in-memory decision service)
 * @example
 * runAdapterContract('express', (setup) => expressContractApp(setup));
 */
export function runAdapterContract(
  name: string,
  makeApp: (setup: ContractSetup) => ContractApp | Promise<ContractApp>,
  options: AdapterContractOptions = {},
): void {
  const startDecisions = options.decisions ?? startInMemoryContractDecisions;
  describe(`adapter contract: ${name}`, () => {
    const running: { decisions: ContractDecisions; app: ContractApp }[] = [];
    afterEach(async () => {
      for (const { decisions, app } of running.splice(0)) {
        await app.close?.();
        await decisions.dispose();
      }
    });

    async function start(options: Partial<ContractSetup> = {}) {
      const decisions = await startDecisions();
      const clock = new ManualClock();
      const errors: string[] = [];
      const app = await makeApp({
        decisionService: decisions.service,
        clock,
        logger: recordingLogger([], errors),
        paramsAsResourceContext: false,
        ...options,
      });
      running.push({ decisions, app });
      return { app, decisions, clock, errors };
    }

    if (options.denialDecisions) denialDecisionCases(start);
    middlewareCases(start);
    guardCases(start);
    outageCases(start);
  });
}
