/**
 * A Bloom filter over strings, of a fixed size whatever it holds: it answers "surely never added" or
 * "perhaps added" (wrongly so for about 1 in 10,000 of 100,000 strings at the default size, and more as it
 * fills: the answer is only ever used to decide where to look exactly).
 */
export class BloomFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  /** `bitsLog2`: the filter holds 2^bitsLog2 bits (23: 1 MiB). */
  constructor(
    bitsLog2 = 23,
    private readonly hashes = 7,
  ) {
    this.bits = new Uint32Array(2 ** (bitsLog2 - 5));
    this.mask = 2 ** bitsLog2 - 1;
  }

  /** Adds `value`; true when it was perhaps added before, false when surely not. */
  add(value: string): boolean {
    // Two independent 32-bit hashes (FNV-1a and a Murmur-style mix of it), combined as Kirsch–Mitzenmacher
    // double hashing: bit i = h1 + i·h2.
    let h1 = 0x811c9dc5;
    for (let index = 0; index < value.length; index++) {
      h1 ^= value.charCodeAt(index);
      h1 = Math.imul(h1, 0x01000193);
    }
    let h2 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
    h2 = (h2 ^ (h2 >>> 16)) | 1;
    let seen = true;
    for (let i = 0; i < this.hashes; i++) {
      const bit = (h1 + Math.imul(i, h2)) & this.mask;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      if ((this.bits[word]! & flag) === 0) {
        seen = false;
        this.bits[word]! |= flag;
      }
    }
    return seen;
  }
}
