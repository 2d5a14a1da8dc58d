// An LZMA decoder: the .lzma format ("LZMA alone", as `xz --format=lzma`
// writes it) of the LZMA SDK's specification, decoded whole into memory.
// The package's WebAssembly module ships so compressed (bashni.wasm.lzma):
// 5 to 10% smaller than zstd -19 made it, whatever the module's layout, for
// a decoder of a few kilobytes. Written for bashni; MIT, as the package.

const PROB_INIT = 1024; // half of the 11-bit probability scale
const END = 0xffffffff; // the distance of the end marker
// MAX_SIZE bounds what a stream may decode to, 256 MiB (the module is 5
// MB): a damaged or hostile stream, a size in its header or data that
// decodes on and on, is an Error rather than all the memory there is.
const MAX_SIZE = 256 * 1024 * 1024;

/**
 * Decodes an .lzma stream: a header of 13 bytes (the properties byte, the
 * dictionary size, the decoded size or all ones when an end marker ends
 * the data) and the range-coded data.
 * @param {Uint8Array} src
 * @returns {Uint8Array}
 */
export function decompress(src) {
  if (src.length < 13 || src[0] >= 9 * 5 * 5) throw new Error('lzma: not an .lzma stream');
  const lc = src[0] % 9, lp = Math.floor(src[0] / 9) % 5, pb = Math.floor(src[0] / 45);
  let size = 0, known = false;
  for (let i = 12; i >= 5; i--) {
    if (src[i] !== 0xff) known = true;
    size = size * 256 + src[i];
  }
  if (known && size > MAX_SIZE) throw new Error(`lzma: a decoded size of ${size} bytes, more than the ${MAX_SIZE} this decoder makes`);
  let out = new Uint8Array(known ? size : Math.max(src.length * 4, 1 << 16));

  const rc = new RangeDecoder(src, 13);
  const probs = (n) => new Uint16Array(n).fill(PROB_INIT);
  const literal = probs(0x300 << (lc + lp));
  const isMatch = probs(12 << 4), isRep0Long = probs(12 << 4);
  const isRep = probs(12), isRepG0 = probs(12), isRepG1 = probs(12), isRepG2 = probs(12);
  const slot = probs(4 << 6), special = probs(115), align = probs(16);
  // A length decoder: a choice of 2, then 8 lengths a position state, 8
  // more, or 256 more (2 to 273 in all).
  const lengths = () => ({ choice: probs(2), low: probs(16 << 3), mid: probs(16 << 3), high: probs(256) });
  const matchLen = lengths(), repLen = lengths();
  const length = (d, posState) => {
    if (rc.bit(d.choice, 0) === 0) return rc.tree(d.low, posState << 3, 3);
    if (rc.bit(d.choice, 1) === 0) return 8 + rc.tree(d.mid, posState << 3, 3);
    return 16 + rc.tree(d.high, 0, 8);
  };
  const distance = (len) => {
    const s = rc.tree(slot, Math.min(len, 3) << 6, 6);
    if (s < 4) return s;
    const n = (s >>> 1) - 1;
    const d = ((2 | (s & 1)) << n) >>> 0;
    if (s < 14) return d + rc.reverse(special, d - s, n);
    return (d + ((rc.direct(n - 4) << 4) >>> 0) + rc.reverse(align, 0, 4)) >>> 0;
  };

  const pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  let pos = 0, state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
  // A byte read past the end reads as 0, unchecked at each bit: data cut
  // short is found once a symbol is decoded (and with no size known would
  // otherwise decode zeros for ever).
  const end = src.length;
  while (!known || pos < size) {
    if (rc.at > end) throw new Error('lzma: the data is cut short');
    const posState = pos & pbMask;
    if (rc.bit(isMatch, (state << 4) + posState) === 0) {
      const prev = pos > 0 ? out[pos - 1] : 0;
      const base = 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        if (rep0 >= pos) throw new Error('lzma: the data is corrupt');
        let match = out[pos - rep0 - 1];
        while (sym < 0x100) {
          const mb = (match >>> 7) & 1;
          match <<= 1;
          const b = rc.bit(literal, base + ((1 + mb) << 8) + sym);
          sym = (sym << 1) | b;
          if (mb !== b) break;
        }
      }
      while (sym < 0x100) sym = (sym << 1) | rc.bit(literal, base + sym);
      if (pos >= out.length) out = grow(out, pos + 1, known);
      out[pos++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (rc.bit(isRep, state) === 0) {
      len = length(matchLen, posState);
      state = state < 7 ? 7 : 10;
      const d = distance(len);
      if (d === END) break;
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      rep0 = d;
    } else {
      if (pos === 0) throw new Error('lzma: the data is corrupt');
      if (rc.bit(isRepG0, state) === 0) {
        if (rc.bit(isRep0Long, (state << 4) + posState) === 0) {
          state = state < 7 ? 9 : 11;
          if (pos >= out.length) out = grow(out, pos + 1, known);
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let d;
        if (rc.bit(isRepG1, state) === 0) {
          d = rep1;
        } else {
          if (rc.bit(isRepG2, state) === 0) {
            d = rep2;
          } else {
            d = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = d;
      }
      len = length(repLen, posState);
      state = state < 7 ? 8 : 11;
    }
    if (rep0 >= pos) throw new Error('lzma: the data is corrupt');
    len += 2;
    if (known && pos + len > size) throw new Error('lzma: the data is longer than its header says');
    if (pos + len > out.length) out = grow(out, pos + len, known);
    for (let from = pos - rep0 - 1, end = pos + len; pos < end; ) out[pos++] = out[from++];
  }
  if (rc.at > end) throw new Error('lzma: the data is cut short');
  return known ? out : out.subarray(0, pos);
}

// RangeDecoder decodes the bits of the range-coded data from src[at]:
// with a probability (11 bits, of a 0) that it adapts, or direct ones.
class RangeDecoder {
  constructor(src, at) {
    this.src = src;
    this.at = at;
    this.range = 0xffffffff;
    this.code = 0;
    if (src[at] !== 0) throw new Error('lzma: the data is corrupt');
    for (let i = 1; i <= 4; i++) this.code = ((this.code << 8) | src[at + i]) >>> 0;
    this.at = at + 5;
  }

  bit(probs, i) {
    const p = probs[i];
    const bound = (this.range >>> 11) * p;
    let b = 0;
    if (this.code < bound) {
      this.range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
    } else {
      this.range -= bound;
      this.code -= bound;
      probs[i] = p - (p >>> 5);
      b = 1;
    }
    if (this.range < 0x1000000) {
      this.range = (this.range * 256) >>> 0;
      this.code = ((this.code << 8) | this.src[this.at++]) >>> 0;
    }
    return b;
  }

  direct(n) {
    let v = 0;
    for (; n > 0; n--) {
      this.range >>>= 1;
      let b = 0;
      if (this.code >= this.range) {
        this.code -= this.range;
        b = 1;
      }
      v = ((v << 1) | b) >>> 0;
      if (this.range < 0x1000000) {
        this.range = (this.range * 256) >>> 0;
        this.code = ((this.code << 8) | this.src[this.at++]) >>> 0;
      }
    }
    return v;
  }

  // tree decodes n bits, highest first, with the probabilities of a bit
  // tree at probs[base + 1 ...]; reverse decodes them lowest first.
  tree(probs, base, n) {
    let m = 1;
    for (let i = 0; i < n; i++) m = (m << 1) | this.bit(probs, base + m);
    return m - (1 << n);
  }

  reverse(probs, base, n) {
    let m = 1, v = 0;
    for (let i = 0; i < n; i++) {
      const b = this.bit(probs, base + m);
      m = (m << 1) | b;
      v |= b << i;
    }
    return v;
  }
}

// grow returns out with room for n bytes, when the header did not say how
// many the data holds.
function grow(out, n, known) {
  if (known) throw new Error('lzma: the data is longer than its header says');
  if (n > MAX_SIZE) throw new Error(`lzma: the data decodes to more than the ${MAX_SIZE} bytes this decoder makes`);
  const grown = new Uint8Array(Math.min(Math.max(out.length * 2, n), MAX_SIZE));
  grown.set(out);
  return grown;
}
