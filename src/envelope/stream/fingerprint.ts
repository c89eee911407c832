/**
 * A 64-bit fingerprint of a string as two 32-bit lanes, each a multiply-xor hash with its own odd constant (the
 * cyrb53 construction, widened to 64 bits), cross-mixed at the end so every input bit reaches both lanes. Stream
 * state keeps these 8 bytes instead of the id itself; two different ids share a fingerprint with odds of about
 * n² / 2⁶⁵ — 1 in 37 million for a million ids, 1 in 4 million for three million.
 * The result is left in `hi`/`lo` rather than returned, so the hot path allocates nothing.
 */
export class Fingerprint {
  hi = 0;
  lo = 0;

  of(text: string): this {
    // Two UTF-16 units per step (each fits 16 bits, so the pair is lossless); the length in the seed tells "ab" from
    // "ab" plus an odd last unit.
    let a = 0x9e3779b9 ^ text.length;
    let b = 0x85ebca6b;
    const last = text.length - 1;
    let i = 0;
    for (; i < last; i += 2) {
      const c = (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);
      a = Math.imul(a ^ c, 0x9e3779b1);
      b = Math.imul(b ^ c, 0x5f356495);
    }
    if (i === last) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x9e3779b1);
      b = Math.imul(b ^ c, 0x5f356495);
    }
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a ^= Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b ^= Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a ^= a >>> 16;
    this.hi = a >>> 0;
    this.lo = b >>> 0;
    // 0:0 marks an empty slot in the tables.
    if (this.hi === 0 && this.lo === 0) this.lo = 1;
    return this;
  }
}
