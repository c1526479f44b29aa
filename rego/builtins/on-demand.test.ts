import { describe, expect, it } from 'vitest';
import type { BuiltinDefinition } from '../builtin.ts';
import { RegoError } from '../errors.ts';
import { OPA_VERSIONS, type OpaVersion } from '../opa-version.ts';
import { compilePolicies } from '../policy-set.ts';
import { createOnDemandBuiltins } from './on-demand.ts';
import { createStandardBuiltins } from './registry.ts';

const JWT_POLICY = ['package tokens', 'claims := io.jwt.decode(input.token)[1]', ''].join('\n');
// A token whose payload is {"sub":"alice"} (signature irrelevant to decoding).
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln';

function shape(registry: ReadonlyMap<string, BuiltinDefinition>) {
  return [...registry.values()].map((d) => `${d.name}/${d.arity}/${d.kind}`).sort();
}

describe('createOnDemandBuiltins', () => {
  it('holds the resident families from the start and none of the X.509, JWT and GraphQL built-ins', () => {
    const { registry } = createOnDemandBuiltins();
    expect(registry.has('count')).toBe(true);
    expect(registry.has('yaml.unmarshal')).toBe(true);
    expect(registry.has('crypto.hmac.sha256')).toBe(true);
    expect(registry.has('io.jwt.decode')).toBe(false);
    expect(registry.has('crypto.x509.parse_certificates')).toBe(false);
    expect(registry.has('crypto.parse_private_keys')).toBe(false);
    expect(registry.has('graphql.parse')).toBe(false);
  });

  it('loads only the families the prepared Rego mentions', async () => {
    const builtins = createOnDemandBuiltins();
    await builtins.prepareFor([JWT_POLICY, 'package other\nallow := true\n']);
    expect(builtins.registry.has('io.jwt.decode')).toBe(true);
    expect(builtins.registry.has('io.jwt.encode_sign')).toBe(true);
    expect(builtins.registry.has('graphql.parse')).toBe(false);
    expect(builtins.registry.has('crypto.x509.parse_certificates')).toBe(false);
    await builtins.prepareFor(['package q\nx := crypto.x509.parse_certificates(input.c)\n']);
    expect(builtins.registry.has('crypto.x509.parse_certificates')).toBe(true);
    expect(builtins.registry.has('crypto.parse_private_keys')).toBe(true);
  });

  it('decides as the eager registry once a policy calling a family is prepared', async () => {
    const builtins = createOnDemandBuiltins();
    await builtins.prepareFor([JWT_POLICY]);
    const modules = [{ file: 'tokens.rego', source: JWT_POLICY }];
    const onDemand = compilePolicies(modules, { builtins: builtins.registry });
    const eager = compilePolicies(modules, { builtins: createStandardBuiltins() });
    const input = { token: TOKEN };
    expect(onDemand.evaluate('tokens.claims', input)).toEqual({ sub: 'alice' });
    expect(onDemand.evaluate('tokens.claims', input)).toEqual(eager.evaluate('tokens.claims', input));
  });

  it('refuses at compile time a policy calling a family it was not prepared for', () => {
    const { registry } = createOnDemandBuiltins();
    expect(() =>
      compilePolicies([{ file: 'tokens.rego', source: JWT_POLICY }], { builtins: registry }),
    ).toThrow(/built-in function io\.jwt\.decode is not supported/);
  });

  it.each(OPA_VERSIONS.map((v) => [v]))(
    'with every family loaded, holds what createStandardBuiltins holds (%s)',
    async (opaVersion: OpaVersion) => {
      const builtins = createOnDemandBuiltins({ opaVersion });
      await builtins.loadAll();
      expect(shape(builtins.registry)).toEqual(shape(createStandardBuiltins({ opaVersion })));
    },
  );

  it("uses the JWT family's v1.22 wording from that release on", async () => {
    const key = '{"kty":"oct"';
    const wording = async (opaVersion: OpaVersion) => {
      const builtins = createOnDemandBuiltins({ opaVersion });
      await builtins.loadAll();
      const eager = createStandardBuiltins({ opaVersion });
      const call = (registry: ReadonlyMap<string, BuiltinDefinition>) => {
        const def = registry.get('io.jwt.verify_hs256');
        if (def?.kind !== 'function') throw new Error('io.jwt.verify_hs256 missing');
        try {
          return String(def.call([TOKEN, key], {} as never));
        } catch (e) {
          return (e as Error).message;
        }
      };
      return [call(builtins.registry), call(eager)];
    };
    for (const version of OPA_VERSIONS) {
      const [onDemand, eager] = await wording(version);
      expect(onDemand).toBe(eager);
    }
  });

  it('reads a whole decimal as an integer operand from v1.22 on, as the eager registry does', () => {
    const modules = [{ file: 'p.rego', source: 'package p\nx := substring("abc", 1.0, 1)\n' }];
    for (const opaVersion of OPA_VERSIONS) {
      const onDemand = compilePolicies(modules, {
        builtins: createOnDemandBuiltins({ opaVersion }).registry,
        opaVersion,
      });
      const eager = compilePolicies(modules, {
        builtins: createStandardBuiltins({ opaVersion }),
        opaVersion,
      });
      expect(onDemand.evaluate('p.x', {})).toEqual(eager.evaluate('p.x', {}));
    }
    const v122 = compilePolicies(modules, {
      builtins: createOnDemandBuiltins({ opaVersion: 'v1.22.2' }).registry,
      opaVersion: 'v1.22.2',
    });
    expect(v122.evaluate('p.x', {})).toBe('b');
  });

  it('keeps additional built-ins over a family loaded later', async () => {
    const mock: BuiltinDefinition = {
      name: 'io.jwt.decode',
      arity: 1,
      kind: 'function',
      call: () => 'mocked',
    };
    const builtins = createOnDemandBuiltins({ additional: [mock] });
    await builtins.prepareFor([JWT_POLICY]);
    const def = builtins.registry.get('io.jwt.decode');
    expect(def?.kind === 'function' && def.call([TOKEN], {} as never)).toBe('mocked');
    expect(builtins.registry.has('io.jwt.decode_verify')).toBe(true);
  });

  it('refuses a release it does not follow', () => {
    expect(() => createOnDemandBuiltins({ opaVersion: 'v0.1.0' as OpaVersion })).toThrow(RegoError);
  });
});
