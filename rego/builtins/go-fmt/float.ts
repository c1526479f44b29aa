/**
 * Go's `strconv.FormatFloat` for the `e`, `f` and `g` formats: shortest round-trip digits when no
 * precision is given, otherwise correct rounding of the exact binary value (ties to even).
 */

/** Decimal digits of |x|: value = 0.`digits` × 10^`point`; `digits` has no leading zeros. */
interface Decimal {
  digits: string;
  point: number;
}

function shortestDigits(x: number): Decimal {
  if (x === 0) return { digits: '', point: 0 };
  const [mant, exp] = Math.abs(x).toExponential().split('e') as [string, string];
  return { digits: mant.replace('.', ''), point: Number(exp) + 1 };
}

function exactDigits(x: number): Decimal {
  if (x === 0) return { digits: '', point: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  let mant = bits & ((1n << 52n) - 1n);
  let exp2 = biased - 1075;
  if (biased === 0) exp2 = -1074;
  else mant |= 1n << 52n;
  let digits: string;
  let point: number;
  if (exp2 >= 0) {
    digits = (mant << BigInt(exp2)).toString();
    point = digits.length;
  } else {
    digits = (mant * 5n ** BigInt(-exp2)).toString();
    point = digits.length + exp2;
  }
  const trimmed = digits.replace(/0+$/, '');
  return { digits: trimmed, point };
}

/** `d` rounded to `n` significant digits, ties to even (`d` holds the exact value). */
function roundDigits(d: Decimal, n: number): Decimal {
  if (n < 0 || n >= d.digits.length) return d;
  const keep = d.digits.slice(0, n);
  const rest = d.digits.slice(n);
  const first = rest.charCodeAt(0) - 48;
  const tie = first === 5 && /^50*$/.test(rest);
  const last = n > 0 ? keep.charCodeAt(n - 1) - 48 : 0;
  const up = first > 5 || (first === 5 && !tie) || (tie && last % 2 === 1);
  if (!up) return { digits: keep.replace(/0+$/, ''), point: d.point };
  // Add one to the kept digits, carrying.
  const carried = (BigInt(keep === '' ? '0' : keep) + 1n).toString();
  if (keep === '' || carried.length > keep.length)
    return { digits: carried.replace(/0+$/, ''), point: d.point + 1 };
  return { digits: carried.padStart(keep.length, '0').replace(/0+$/, ''), point: d.point };
}

function digitAt(d: Decimal, i: number): string {
  return i >= 0 && i < d.digits.length ? (d.digits[i] as string) : '0';
}

function formatE(d: Decimal, prec: number, upper: boolean): string {
  let out = digitAt(d, 0);
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) out += digitAt(d, i);
  }
  const exp = d.digits === '' ? 0 : d.point - 1;
  const abs = Math.abs(exp);
  return `${out}${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
}

function formatF(d: Decimal, prec: number): string {
  let out = '';
  if (d.point > 0) for (let i = 0; i < d.point; i++) out += digitAt(d, i);
  else out = '0';
  if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) out += digitAt(d, d.point + i);
  }
  return out;
}

/**
 * Formats |x| like `strconv.FormatFloat(x, fmt, prec, 64)` without the sign.
 * @param prec digits after the point (`e`, `f`) or significant digits (`g`); -1 for shortest
 */
export function formatFloatMagnitude(
  x: number,
  fmt: 'e' | 'E' | 'f' | 'F' | 'g' | 'G',
  prec: number,
): string {
  const shortest = prec < 0;
  let d: Decimal;
  if (shortest) d = shortestDigits(x);
  else {
    const exact = exactDigits(x);
    const lower = fmt.toLowerCase();
    const significant = lower === 'e' ? prec + 1 : lower === 'f' ? exact.point + prec : prec === 0 ? 1 : prec;
    d = roundDigits(exact, significant);
  }
  switch (fmt) {
    case 'e':
    case 'E':
      return formatE(d, shortest ? Math.max(d.digits.length - 1, 0) : prec, fmt === 'E');
    case 'f':
    case 'F':
      return formatF(d, shortest ? Math.max(d.digits.length - d.point, 0) : prec);
    default: {
      let p = shortest ? d.digits.length : prec === 0 ? 1 : prec;
      let eprec = p;
      if (eprec > d.digits.length && d.digits.length >= d.point) eprec = d.digits.length;
      if (shortest) eprec = 6;
      const exp = d.point - 1;
      if (d.digits !== '' && (exp < -4 || exp >= eprec)) {
        if (p > d.digits.length) p = d.digits.length;
        return formatE(d, Math.max(p - 1, 0), fmt === 'G');
      }
      if (p > d.point) p = d.digits.length;
      return formatF(d, Math.max(p - d.point, 0));
    }
  }
}
