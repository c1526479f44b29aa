/**
 * What an engine compiles its policies with: the standard built-ins (with `outbound`, the calls
 * that `http.send` and `net.lookup_ip_addr` make; without, those are off), `ds.*` over the store,
 * the base document, the syntax version and the limits.
 */
import type { RelationStore } from '@gatehousejs/directory';
import type { BuiltinDefinition, BuiltinRegistry, OutboundCalls } from '@gatehousejs/rego';
import { createOnDemandBuiltins, createStandardBuiltins } from '@gatehousejs/rego';
import { createDirectoryBuiltins } from './directory-builtins/index.ts';
import type { EngineSettings } from './embedded-service-options.ts';
import type { PolicyLoadSettings } from './loaded-policies.ts';

type LoadConfig = Pick<EngineSettings, 'logger' | 'data' | 'regoVersion' | 'opaVersion' | 'limits'> & {
  /** What `ds.*` read, when they are called (a store still loading may stand behind it). */
  readonly store: Pick<RelationStore, 'reader' | 'model'>;
};

/** `ds.*` over the store; a check naming what the manifest lacks is reported once per reason. */
function directoryBuiltins(config: LoadConfig): BuiltinDefinition[] {
  const reported = new Set<string>();
  const onUnknownName = (reason: string) => {
    if (reported.has(reason)) return;
    reported.add(reason);
    config.logger.warn(
      `a directory check names what the manifest ${config.store.model.file} does not have (${reason}): such checks are always false`,
    );
  };
  return createDirectoryBuiltins(config.store, { onUnknownName });
}

function settingsWith(config: LoadConfig, builtins: BuiltinRegistry): PolicyLoadSettings {
  return {
    builtins,
    data: config.data,
    version: config.regoVersion,
    opaVersion: config.opaVersion,
    limits: config.limits,
  };
}

/** Every standard built-in loaded now, for services that compile synchronously (policies given as text). */
export function policyLoadSettings(config: LoadConfig, outbound?: OutboundCalls): PolicyLoadSettings {
  const standard = createStandardBuiltins({
    opaVersion: config.opaVersion,
    ...(outbound ? { outbound } : {}),
  });
  return settingsWith(
    config,
    new Map([...standard, ...directoryBuiltins(config).map((b) => [b.name, b] as const)]),
  );
}

/**
 * The standard built-ins with their X.509, JWT and GraphQL families loaded when the policies (or
 * a query) may call them, for services that load their policies asynchronously.
 */
export function onDemandPolicyLoadSettings(config: LoadConfig, outbound?: OutboundCalls): PolicyLoadSettings {
  const builtins = createOnDemandBuiltins({
    opaVersion: config.opaVersion,
    ...(outbound ? { outbound } : {}),
    additional: directoryBuiltins(config),
  });
  return {
    ...settingsWith(config, builtins.registry),
    prepareBuiltins: (sources) => builtins.prepareFor(sources),
  };
}
