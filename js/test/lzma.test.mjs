// The LZMA decoder that unpacks the module: what xz writes, it decodes to
// the bytes xz read, with the decoded size in the header or an end marker
// instead; damaged data is an Error, never a hang or a wrong answer taken
// for a right one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decompress } from '../lzma.mjs';

const xz = (data, ...opts) => new Uint8Array(execFileSync('xz', ['--format=lzma', ...opts, '--stdout'], { input: data, maxBuffer: 1 << 30 }));
// withSize writes the decoded size into the header, as the build does.
const withSize = (packed, n) => {
  const b = Buffer.from(packed);
  b.writeBigUInt64LE(BigInt(n), 5);
  return new Uint8Array(b);
};

const text = Buffer.from('Bashni: a captured piece goes under the piece that took it. '.repeat(500));
const inputs = {
  empty: Buffer.alloc(0),
  'one byte': Buffer.from([7]),
  text,
  'random bytes': randomBytes(100_000),
  zeros: Buffer.alloc(1 << 20),
  'text and random bytes': Buffer.concat([text, randomBytes(5_000), text]),
};

for (const [name, data] of Object.entries(inputs)) {
  for (const opts of [['-9e'], ['-1'], ['--lzma1=preset=6,lc=0,lp=2,pb=0'], ['--lzma1=preset=6,lc=4,lp=0,pb=4']]) {
    test(`${name}, xz ${opts.join(' ')}: decoded as xz read it, with an end marker and with the size`, () => {
      const packed = xz(data, ...opts);
      assert.deepEqual(Buffer.from(decompress(packed)), data);
      assert.deepEqual(Buffer.from(decompress(withSize(packed, data.length))), data);
    });
  }
}

test("the package's module decodes to a WebAssembly module", () => {
  const out = decompress(new Uint8Array(readFileSync(new URL('../bashni.wasm.lzma', import.meta.url))));
  assert.deepEqual([...out.subarray(0, 4)], [0, 0x61, 0x73, 0x6d]);
  assert.ok(WebAssembly.validate(out));
});

test('damaged data is an Error', () => {
  const packed = xz(inputs['text and random bytes'], '-6');
  const sized = withSize(packed, inputs['text and random bytes'].length);
  const bad = {
    'no header': new Uint8Array(5),
    'properties out of range': Uint8Array.of(225, ...packed.subarray(1)),
    'a first byte of the data not 0': Uint8Array.from(packed, (b, i) => (i === 13 ? 1 : b)),
    'cut short, with an end marker': packed.subarray(0, packed.length >> 1),
    'cut short, with the size': sized.subarray(0, sized.length >> 1),
    'cut short in the header': packed.subarray(0, 10),
    'a size too large': withSize(packed, 2 ** 40),
    'a size over 256 MiB': withSize(packed, 2 ** 28 + 1),
  };
  for (const [name, b] of Object.entries(bad)) {
    assert.throws(() => decompress(b), /^Error: lzma: /, name);
  }
  // Flipped bits somewhere in the data: an Error, or bytes that are not
  // the input; never the input itself, and never a hang.
  for (let i = 0; i < 50; i++) {
    const b = Uint8Array.from(sized);
    b[20 + ((i * 7919) % (b.length >> 1))] ^= 1 << (i % 8);
    try {
      assert.notDeepEqual(Buffer.from(decompress(b)), inputs['text and random bytes']);
    } catch (e) {
      assert.match(String(e), /lzma: /);
    }
  }
});

test('a stream that decodes past 256 MiB is an Error, not all the memory there is', () => {
  // 300 MiB of zeros pack to some 40 kB; xz writes no size, so the decoder
  // grows its output until the bound.
  const bomb = xz(Buffer.alloc(300 * 1024 * 1024), '-1');
  assert.throws(() => decompress(bomb), /lzma: the data decodes to more than the 268435456 bytes/);
});
