/**
 * How go-yaml (under `sigs.k8s.io/yaml`, which OPA's YAML built-ins use: v2 in OPA v1.15, v3 in
 * v1.22) reads a plain scalar: booleans and nulls from a fixed table (v2's has YAML 1.1's `yes`,
 * `on`, `y`), integers in Go's syntax (`0o10`, `010`, `0x1F`,
 * `0b101`, `1_000`), floats only of YAML's own form — and everything else a string: `1:20`
 * (no sexagesimal numbers), `2001-12-14` (timestamps stay text), `1e400`, `0x1p-2`, `inf`.
 */

/** What a scalar resolves to: a number is a float (`number`) or an integer (`bigint`). */
export type YamlScalar = null | boolean | number | bigint | string;

/** go-yaml v3 (OPA v1.22) reads only these booleans; v2 also y, yes, on, n, no, off and their cases. */
const V3_TABLE: ReadonlyMap<string, YamlScalar> = new Map<string, YamlScalar>([
  ...['true', 'True', 'TRUE'].map((s) => [s, true] as const),
  ...['false', 'False', 'FALSE'].map((s) => [s, false] as const),
  ...['', '~', 'null', 'Null', 'NULL'].map((s) => [s, null] as const),
  ...['.nan', '.NaN', '.NAN'].map((s) => [s, Number.NaN] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((s) => [s, Number.POSITIVE_INFINITY] as const),
  ...['-.inf', '-.Inf', '-.INF'].map((s) => [s, Number.NEGATIVE_INFINITY] as const),
]);

const V2_TABLE: ReadonlyMap<string, YamlScalar> = new Map<string, YamlScalar>([
  ...V3_TABLE,
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'].map((s) => [s, true] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'].map((s) => [s, false] as const),
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** Go's `strconv.ParseInt(s, 0, 64)` (then `ParseUint` for what exceeds int64), or undefined. */
function parseGoInteger(s: string): bigint | undefined {
  const match = /^([+-]?)(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!match) return undefined;
  const [, sign, digits = ''] = match;
  let magnitude: bigint;
  if (/^0[oO]/.test(digits)) magnitude = BigInt(`0o${digits.slice(2)}`);
  else if (/^0[0-7]+$/.test(digits)) magnitude = BigInt(`0o${digits.slice(1)}`);
  else magnitude = BigInt(digits);
  const value = sign === '-' ? -magnitude : magnitude;
  if (value >= INT64_MIN && value <= INT64_MAX) return value;
  // ParseUint takes no sign.
  return sign === '' && value <= UINT64_MAX ? value : undefined;
}

/**
 * The value go-yaml gives a plain (unquoted, untagged) scalar.
 * @param v3 go-yaml v3's reading (OPA v1.22), default v2's (OPA v1.15)
 * @example resolvePlainScalar('0o10'); // 8n
 * @example resolvePlainScalar('1:20'); // '1:20'
 */
export function resolvePlainScalar(text: string, v3 = false): YamlScalar {
  const table = v3 ? V3_TABLE : V2_TABLE;
  if (table.has(text)) return table.get(text) as YamlScalar;
  const first = text[0] ?? '';
  if (first === '.') {
    return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(text) ? Number(text) : text;
  }
  if (!/[-+0-9]/.test(first)) return text;
  const plain = text.replaceAll('_', '');
  const integer = parseGoInteger(plain);
  if (integer !== undefined) return integer;
  if (YAML_STYLE_FLOAT.test(plain)) {
    const float = Number(plain);
    // strconv.ParseFloat refuses what overflows a double.
    if (Number.isFinite(float)) return float;
  }
  return text;
}

/**
 * How `sigs.k8s.io/yaml` writes a float map key: Go's `FormatFloat(k, 'g', -1, 32)`.
 * @example floatKey(1.5); // '1.5'
 */
export function floatKey(k: number): string {
  if (Number.isNaN(k)) return '.nan';
  if (!Number.isFinite(k)) return k > 0 ? '.inf' : '-.inf';
  const f = Math.fround(k);
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  let digits = '';
  let exponent = 0;
  for (let p = 1; p <= 9; p++) {
    const [mantissa = '', exp = '0'] = Math.abs(f)
      .toExponential(p - 1)
      .split('e');
    if (Math.fround(Number(`${mantissa}e${exp}`)) === Math.abs(f)) {
      digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
      exponent = Number(exp);
      break;
    }
  }
  const sign = f < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const e = Math.abs(exponent) < 10 ? `0${Math.abs(exponent)}` : `${Math.abs(exponent)}`;
    return `${sign}${digits[0]}${rest}e${exponent < 0 ? '-' : '+'}${e}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole.slice(0, exponent + 1)}${fraction ? `.${fraction}` : ''}`;
}

const TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?))?$/;

/**
 * Whether go-yaml v2 reads `s` as a timestamp (its four layouts, with valid dates and times):
 * such a string is quoted when written, and read back as the text itself.
 * @example isGoYamlTimestamp('2001-12-14'); // true
 */
export function isGoYamlTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [m[4] ?? m[7] ?? '0', m[5] ?? m[8] ?? '0', m[6] ?? m[9] ?? '0'].map(Number);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > days) return false;
  return (hour as number) < 24 && (minute as number) < 60 && (second as number) < 60;
}
