/**
 * `uuid.parse`: the fields of a UUID as OPA reports them (google/uuid's parser: dashed, wrapped
 * in any two bytes such as `{…}`, `urn:uuid:…` or 32 hex digits); undefined for text that is not
 * a UUID.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { makeObject, normalizeNumber, type Value } from '../value/index.ts';
import { utf8Bytes } from './bytes.ts';
import { defineFunction, stringArg } from './operands.ts';

/** 100-ns intervals between the Gregorian reform (1582-10-15) and the Unix epoch. */
const GREGORIAN_OFFSET = 122_192_928_000_000_000n;

/** The 16 bytes of a UUID in one of google/uuid's accepted forms. */
function uuidBytes(s: string): Uint8Array | undefined {
  let hex: string;
  if (s.length === 32) hex = s;
  else {
    let body = s;
    if (s.length === 45 && s.slice(0, 9).toLowerCase() === 'urn:uuid:') body = s.slice(9);
    // google/uuid skips the first and last byte of a 38-byte form, whatever they are.
    else if (s.length === 38 && utf8Bytes(s).length === 38) body = s.slice(1, 37);
    else if (s.length !== 36) return undefined;
    if (body[8] !== '-' || body[13] !== '-' || body[18] !== '-' || body[23] !== '-') return undefined;
    hex = body.slice(0, 8) + body.slice(9, 13) + body.slice(14, 18) + body.slice(19, 23) + body.slice(24);
  }
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return undefined;
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function variant(b: number): string {
  if ((b & 0xc0) === 0x80) return 'RFC4122';
  if ((b & 0xe0) === 0xc0) return 'Microsoft';
  if ((b & 0xe0) === 0xe0) return 'Future';
  return 'Reserved';
}

function macVariables(first: number): string {
  if ((first & 0b11) === 0b11) return 'local:multicast';
  if ((first & 0b01) === 0b01) return 'global:multicast';
  if ((first & 0b10) === 0b10) return 'local:unicast';
  return 'global:unicast';
}

function domain(b: number): string {
  return ['Person', 'Group', 'Org'][b] ?? `Domain${b}`;
}

function parseUuid(s: string): Value | undefined {
  const u = uuidBytes(s);
  if (!u) return undefined;
  const at = (i: number) => u[i] as number;
  const version = at(6) >> 4;
  const fields: [string, Value][] = [
    ['version', version],
    ['variant', variant(at(8))],
  ];
  if (version === 1 || version === 2) {
    const low = BigInt(((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0);
    const mid = BigInt((at(4) << 8) | at(5));
    const high = BigInt(((at(6) << 8) | at(7)) & 0xfff);
    const ticks = low | (mid << 32n) | (high << 48n);
    fields.push(
      ['time', (ticks - GREGORIAN_OFFSET) * 100n],
      ['nodeid', [...u.slice(10)].map((b) => b.toString(16).padStart(2, '0')).join('-')],
      ['macvariables', macVariables(at(10))],
      ['clocksequence', ((at(8) & 0x3f) << 8) | at(9)],
    );
    if (version === 2) {
      fields.push(
        ['id', ((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0],
        ['domain', domain(at(9))],
      );
    }
  }
  return makeObject(fields.map(([k, v]) => [k, typeof v === 'bigint' ? normalizeNumber(v) : v]));
}

/** UUID built-ins added beside `uuid.rfc4122`. */
export const uuidBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('uuid.parse', 1, (args) => parseUuid(stringArg('uuid.parse', args, 0))),
];
