/**
 * YAML built-ins: `yaml.marshal`, `yaml.unmarshal`, `yaml.is_valid`, as OPA's `sigs.k8s.io/yaml`
 * computes them over go-yaml (v2 in OPA v1.15, v3 in v1.22): the YAML library parses the text
 * with its failsafe schema and `go-yaml-decode.ts` reads the nodes as go-yaml does;
 * `go-yaml-encode.ts` writes as go-yaml's emitter. Only the first document's value counts;
 * aliases are capped against expansion bombs.
 */

import type { BuiltinDefinition } from '../builtin.ts';
import type { Value } from '../value/index.ts';
import { parseAllDocuments } from '../yaml-library.ts';
import { decodeGoYaml } from './go-yaml-decode.ts';
import { marshalGoYaml } from './go-yaml-encode.ts';
import { writeJson } from './json-text.ts';
import { arg, builtinError, defineFunction, stringArg } from './operands.ts';

/**
 * Code points go-yaml's reader (v2 and v3) refuses in the JSON text `yaml.marshal` hands it:
 * DEL, the C1 controls but NEL, U+FFFE and U+FFFF (Go's JSON writes them unescaped).
 */
const UNREADABLE_BY_GO_YAML = /[\u007f-\u0084\u0086-\u009f\ufffe\uffff]/u;

function marshal(v: Value, v3: boolean): string {
  if (UNREADABLE_BY_GO_YAML.test(writeJson(v))) {
    throw builtinError('yaml.marshal', 'yaml: control characters are not allowed');
  }
  return marshalGoYaml(v, v3);
}

function parseYaml(text: string, v3: boolean): Value {
  const docs = parseAllDocuments(text, { version: '1.1', schema: 'failsafe', uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  const first = list[0];
  if (!first) {
    // go-yaml refuses directives that no document follows; the YAML library just yields nothing.
    if (/^%/m.test(text)) throw new Error('did not find expected <document start>');
    return null;
  }
  const error = (v3 ? list : [first]).flatMap((doc) => doc.errors)[0];
  if (error) throw new Error(error.message);
  return decodeGoYaml(first, v3);
}

/**
 * `yaml.marshal`, `yaml.unmarshal` and `yaml.is_valid` over go-yaml v2 (OPA v1.15) or v3 (OPA
 * v1.22, which also refuses text whose later documents are malformed, though it returns only the
 * first).
 * @param v3 OPA v1.22's built-ins
 * @example createYamlBuiltins(true); // OPA v1.22's
 */
export function createYamlBuiltins(v3: boolean): readonly BuiltinDefinition[] {
  return [
    defineFunction('yaml.marshal', 1, (args) => marshal(arg(args, 0), v3)),
    defineFunction('yaml.unmarshal', 1, (args) => {
      const text = stringArg('yaml.unmarshal', args, 0);
      try {
        return parseYaml(text, v3);
      } catch (e) {
        throw builtinError('yaml.unmarshal', (e as Error).message, e);
      }
    }),
    defineFunction('yaml.is_valid', 1, (args) => {
      const text = arg(args, 0);
      if (typeof text !== 'string') return false;
      try {
        parseYaml(text, v3);
        return true;
      } catch {
        return false;
      }
    }),
  ];
}

/** The YAML built-ins of OPA v1.15. */
export const yamlBuiltins: readonly BuiltinDefinition[] = createYamlBuiltins(false);
