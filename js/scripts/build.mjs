// Builds the package's generated files from the Go code of the repository:
// bashni.wasm.zst (js/wasm for GOOS=js GOARCH=wasm, stripped, compressed
// with zstd), wasm_exec.js (Go's loader, from the Go installation) and
// fzstd.mjs (the zstd decoder's ES module, from the devDependency fzstd),
// the last two minified behind their licences. Needs go and zstd on the PATH and npm ci done.
//
// zstd, not gzip: gzip -9 makes about 1.1 MB of the module, and browsers'
// DecompressionStream has gzip but neither zstd nor brotli, hence the
// bundled fzstd decoder (26 kB). binaryen's wasm-opt -Oz (Debian's 108)
// took the module from 4.54 MB to 4.29 MB but its gzip only from 1,251 kB
// to 1,246 kB, in minutes: not used. The evaluation's weights are read
// without encoding/json, which would add 640 kB to the module.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, '..');
const repo = path.join(pkg, '..');
const tmp = path.join(pkg, 'build');
mkdirSync(tmp, { recursive: true });

const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } }).toString().trim();

const wasm = path.join(tmp, 'bashni.wasm');
// No inlining inside the standard library's packages that no hot path of
// perft or the search runs through: 100 kB less compressed module (966 kB
// to 868 kB at its introduction) at no cost measured in perft or search
// (README.md, "Size and speed"). The library's own packages, sync/atomic,
// math/bits, slices and time keep it.
const noInline = ['runtime', 'reflect', 'fmt', 'strconv', 'strings', 'os', 'syscall/js', 'unicode/...', 'internal/...'];
// -buildid= leaves out the build ID, 100 bytes that no loader reads.
run('go', ['build', '-trimpath', '-ldflags=-s -w -buildid=', ...noInline.map((p) => `-gcflags=${p}=-l`), '-o', wasm, './js/wasm'], { GOOS: 'js', GOARCH: 'wasm', CGO_ENABLED: '0' });

// zstd -19 compresses the same module to sizes some 45 kB apart depending
// on where its 128 KiB blocks fall in it: at 6fea299, the module of this
// build compressed to 949,868 bytes as built and to 993,367 behind 8,192
// bytes of padding, and the one with the tower patterns to 1,017,122 as
// built and 973,754 behind 73,728 (so they had seemed to cost 55 kB). A
// change anywhere in the code can move the blocks, so the build tries the
// module behind a custom section (which WebAssembly ignores) of 0 to 120
// KiB of zeros, in steps of 4 KiB, and keeps the one that packs smallest
// (below). Steps of 8 KiB, half the tries, found 978,116 bytes at best
// where 4 KiB found 977,414 (at 1a76073).
const module = readFileSync(wasm);
const out = path.join(pkg, 'bashni.wasm.zst');
rmSync(out, { force: true });
const tries = [];
for (let pad = 0; pad < 128 * 1024; pad += 4 * 1024) {
  const file = path.join(tmp, `bashni-${pad}.wasm`);
  writeFileSync(file, pad === 0 ? module : padded(module, pad));
  tries.push({ pad, file, zst: `${file}.zst` });
}
const exec = promisify(execFile);
const workers = Math.max(1, availableParallelism());
for (let i = 0; i < tries.length; i += workers) {
  await Promise.all(tries.slice(i, i + workers).map((t) => exec('zstd', ['-19', '-q', '-f', t.file, '-o', t.zst])));
}
// npm packs the package as a gzipped tar, and gzip still finds a little
// to take from zstd's output, more from some paddings' than from others'
// (1,261 bytes more of the packed package once from a module 48 bytes
// smaller): the padding kept is the one whose compressed module gzips
// smallest.
for (const t of tries) {
  t.size = statSync(t.zst).size;
  t.packed = gzipSync(readFileSync(t.zst), { level: 9 }).length;
}
const best = tries.reduce((a, b) => (b.packed < a.packed ? b : a));
copyFileSync(best.zst, out);
for (const t of tries) {
  rmSync(t.file, { force: true });
  rmSync(t.zst, { force: true });
}
// The two files of others that ship, Go's loader and fzstd's decoder, are
// minified (esbuild), each behind its licence: 4.8 kB less of the packed
// package than as published (4,365 and 7,534 bytes gzipped against 2,618
// and 4,511, at 1a76073). The package's own files ship as written.
const minified = (source, licence) => `/*! ${licence}\n*/\n${transformSync(source, { minify: true, legalComments: 'none' }).code}`;
const goroot = run('go', ['env', 'GOROOT']);
const goVersion = run('go', ['env', 'GOVERSION']);
writeFileSync(
  path.join(pkg, 'wasm_exec.js'),
  minified(
    readFileSync(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js'), 'utf8'),
    `wasm_exec.js of ${goVersion} (https://go.dev), minified.\n\n${readFileSync(path.join(goroot, 'LICENSE'), 'utf8').trim()}`,
  ),
);
const sizes = tries.map((t) => t.size);
// Only fzstd's ES module ships, not its CommonJS and UMD copies and
// declarations, which the package does not load (13 kB of the packed
// package when fzstd was bundled whole); its MIT licence goes with it.
const fzstd = path.join(pkg, 'node_modules', 'fzstd');
const licence = readFileSync(path.join(fzstd, 'LICENSE'), 'utf8').trim();
const version = JSON.parse(readFileSync(path.join(fzstd, 'package.json'), 'utf8')).version;
writeFileSync(
  path.join(pkg, 'fzstd.mjs'),
  minified(readFileSync(path.join(fzstd, 'esm', 'index.mjs'), 'utf8'), `fzstd ${version} (https://github.com/101arrowz/fzstd), its esm/index.mjs as published on npm, minified.\n\n${licence}`),
);
console.log(`bashni.wasm: ${module.length} bytes; bashni.wasm.zst: ${best.size} bytes, ${best.packed} gzipped (behind ${best.pad} bytes of padding; ${Math.min(...sizes)} to ${Math.max(...sizes)} over the paddings tried)`);

// padded returns the module m with a custom section named "bashni-pad"
// holding n zero bytes before its first section.
function padded(m, n) {
  const name = Buffer.from('bashni-pad');
  const body = Buffer.concat([uleb(name.length), name, Buffer.alloc(n)]);
  return Buffer.concat([m.subarray(0, 8), Buffer.from([0]), uleb(body.length), body, m.subarray(8)]);
}

// uleb encodes n as an unsigned LEB128 number, as WebAssembly's sizes are.
function uleb(n) {
  const bytes = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    bytes.push(b);
  } while (n !== 0);
  return Buffer.from(bytes);
}
