/**
 * Reading `mkdocs.yml`: YAML with MkDocs' `!ENV` tag (`!ENV VAR`, `!ENV [VAR, OTHER, default]`,
 * values typed like YAML scalars), tolerant of the Python tags MkDocs themes use: a
 * `!!python/name:module.attribute` value reads as the string `python/name:module.attribute`, which
 * says which Python object the site chose (an emoji index, a slugify) without running it.
 */
import {
  type CollectionTag,
  isScalar,
  parse,
  parseDocument,
  type ScalarTag,
  visit,
  type YAMLSeq,
} from 'yaml';

const PYTHON_TAG = 'tag:yaml.org,2002:python/';

import { PublishError } from '../errors.ts';

function typedScalar(value: string): unknown {
  try {
    const parsed: unknown = parse(value);
    return parsed !== null && typeof parsed === 'object' ? value : parsed;
  } catch {
    return value;
  }
}

function envTags(env: Readonly<Record<string, string | undefined>>): Array<ScalarTag | CollectionTag> {
  const lookup = (name: unknown) => {
    const value = env[String(name).trim()];
    return value === undefined ? undefined : typedScalar(value);
  };
  const scalar: ScalarTag = { tag: '!ENV', resolve: (name: string) => lookup(name) ?? null };
  const sequence: CollectionTag = {
    tag: '!ENV',
    collection: 'seq',
    resolve(seq) {
      const items = (seq as YAMLSeq<unknown>).items.map((item) =>
        item !== null && typeof item === 'object' && 'value' in item
          ? (item as { value: unknown }).value
          : item,
      );
      const names = items.length > 1 ? items.slice(0, -1) : items;
      for (const name of names) {
        const value = lookup(name);
        if (value !== undefined) return value;
      }
      return items.length > 1 ? items[items.length - 1] : null;
    },
  } as CollectionTag;
  return [scalar, sequence];
}

/**
 * Parses the text of `mkdocs.yml`. Syntax errors are a `config_invalid` error naming the line.
 *
 * @param file the file name used in error messages
 */
export function parseMkdocsYaml(
  text: string,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
): unknown {
  const document = parseDocument(text, { customTags: envTags(env), prettyErrors: false });
  const error = document.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line;
    throw new PublishError(
      'config_invalid',
      `${file}${line ? `:${line}` : ''} is not valid YAML: ${error.message}`,
      {
        cause: error,
      },
    );
  }
  visit(document, {
    Scalar(_key, node) {
      if (isScalar(node) && node.tag?.startsWith(PYTHON_TAG)) {
        node.value = node.tag.slice('tag:yaml.org,2002:'.length);
        node.tag = undefined;
      }
    },
  });
  return document.toJS();
}
