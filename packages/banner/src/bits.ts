/**
 * Bit strings for the IAB wire formats (TC string, GPP). Bits are kept as a '0'/'1' string: the
 * strings are a few thousand bits at most, and this keeps encoder and decoder obvious.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export class BitWriter {
  bits = '';

  int(value: number, width: number): this {
    const v = Math.max(0, Math.floor(value));
    const s = v.toString(2);
    if (s.length > width) throw new RangeError(`${value} does not fit ${width} bits`);
    this.bits += s.padStart(width, '0');
    return this;
  }

  bool(value: boolean): this {
    this.bits += value ? '1' : '0';
    return this;
  }

  /** A fixed-width bit field: bit i-1 set for each id i in 1..width. */
  field(ids: ReadonlySet<number> | readonly number[], width: number): this {
    const set = ids instanceof Set ? ids : new Set(ids as readonly number[]);
    for (let id = 1; id <= width; id++) this.bits += set.has(id) ? '1' : '0';
    return this;
  }

  /** Two letters, 6 bits each, A = 0 (TCF language and country codes). */
  letters(code: string): this {
    const up = code.toUpperCase();
    return this.int(up.charCodeAt(0) - 65, 6).int(up.charCodeAt(1) - 65, 6);
  }

  /** Fibonacci coding (Zeckendorf), terminated by '11' (GPP). */
  fibonacci(value: number): this {
    const fib = [1, 2];
    while ((fib[fib.length - 1] ?? 0) + (fib[fib.length - 2] ?? 0) <= value)
      fib.push((fib[fib.length - 1] ?? 0) + (fib[fib.length - 2] ?? 0));
    let rest = value;
    const out: string[] = [];
    for (let i = fib.length - 1; i >= 0; i--) {
      const f = fib[i] ?? 0;
      if (f <= rest) {
        out[i] = '1';
        rest -= f;
      } else out[i] = '0';
    }
    this.bits += out.join('').replace(/0+$/, '') + '1';
    return this;
  }
}

export class BitReader {
  pos = 0;
  constructor(readonly bits: string) {}

  int(width: number): number {
    const s = this.bits.slice(this.pos, this.pos + width);
    if (s.length < width) throw new RangeError('Bit string too short');
    this.pos += width;
    return parseInt(s, 2);
  }

  bool(): boolean {
    return this.int(1) === 1;
  }

  field(width: number): number[] {
    const ids: number[] = [];
    for (let id = 1; id <= width; id++) if (this.bool()) ids.push(id);
    return ids;
  }

  letters(): string {
    return String.fromCharCode(this.int(6) + 65, this.int(6) + 65);
  }

  get remaining(): number {
    return this.bits.length - this.pos;
  }
}

/** base64url without padding; the bits are zero-padded to a byte, then to a 6-bit boundary. */
export function toBase64Url(bits: string): string {
  let b = bits;
  while (b.length % 8) b += '0';
  while (b.length % 6) b += '0';
  let out = '';
  for (let i = 0; i < b.length; i += 6) out += B64[parseInt(b.slice(i, i + 6), 2)];
  return out;
}

export function fromBase64Url(text: string): string {
  let bits = '';
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new SyntaxError('Not base64url');
    bits += v.toString(2).padStart(6, '0');
  }
  return bits;
}
