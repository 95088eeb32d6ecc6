/**
 * Bit strings for the IAB wire formats (TC string, GPP). Bits are kept as a '0'/'1' string: the
 * strings are a few thousand bits at most, and this keeps encoder and decoder obvious.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export class BitWriter {
  /** One byte per bit, grown by doubling: a vendor bit field is a fill and a few writes. */
  private buf = new Uint8Array(512);
  private length = 0;

  get bits(): string {
    return this.buf.subarray(0, this.length).join('');
  }

  private grow(by: number): number {
    const at = this.length;
    this.length += by;
    if (this.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.length, this.buf.length * 2));
      next.set(this.buf);
      this.buf = next;
    }
    return at;
  }

  int(value: number, width: number): this {
    const v = Math.max(0, Math.floor(value));
    if (v >= 2 ** width) throw new RangeError(`${value} does not fit ${width} bits`);
    const at = this.grow(width);
    // Up to 36 bits (TC string dates): division, as bitwise operators stop at 32.
    for (let i = 0; i < width; i++) this.buf[at + i] = Math.floor(v / 2 ** (width - 1 - i)) % 2;
    return this;
  }

  bool(value: boolean): this {
    this.buf[this.grow(1)] = value ? 1 : 0;
    return this;
  }

  /** A fixed-width bit field: bit i-1 set for each id i in 1..width. */
  field(ids: Iterable<number>, width: number): this {
    const at = this.grow(width);
    this.buf.fill(0, at, at + width);
    for (const id of ids) if (id >= 1 && id <= width) this.buf[at + id - 1] = 1;
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
    const out: number[] = [];
    for (let i = fib.length - 1; i >= 0; i--) {
      const f = fib[i] ?? 0;
      out[i] = f <= rest ? 1 : 0;
      if (f <= rest) rest -= f;
    }
    while (out.length && out[out.length - 1] === 0) out.pop();
    out.push(1);
    const at = this.grow(out.length);
    this.buf.set(out, at);
    return this;
  }

  /** The bits as base64url without padding (see encodeBits). */
  base64url(): string {
    return encodeBits(this.buf.subarray(0, this.length));
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

  // bool and field read characters, not slices: a return visit decodes the stored TC string's
  // vendor fields (hundreds of bits) before the CMP answers.
  bool(): boolean {
    if (this.pos >= this.bits.length) throw new RangeError('Bit string too short');
    return this.bits.charCodeAt(this.pos++) === 49; // '1'
  }

  field(width: number): number[] {
    if (this.pos + width > this.bits.length) throw new RangeError('Bit string too short');
    const ids: number[] = [];
    for (let i = 0; i < width; i++) if (this.bits.charCodeAt(this.pos + i) === 49) ids.push(i + 1);
    this.pos += width;
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
function encodeBits(bits: ArrayLike<number>): string {
  const length = Math.ceil((Math.ceil(bits.length / 8) * 8) / 6) * 6;
  let out = '';
  for (let i = 0; i < length; i += 6) {
    let v = 0;
    for (let j = i; j < i + 6; j++) v = (v << 1) | (j < bits.length ? (bits[j] ?? 0) : 0);
    out += B64[v];
  }
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
