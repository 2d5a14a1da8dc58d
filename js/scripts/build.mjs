// Builds the package's generated files from the Go code of the repository:
// bashni.wasm.lzma (js/wasm for GOOS=js GOARCH=wasm, stripped, compressed
// with LZMA, which lzma.mjs decodes) and wasm_exec.js (Go's loader, from
// the Go installation, minified behind its licence). Needs go and xz on
// the PATH and npm ci done.
//
// LZMA (xz --format=lzma -9e), not gzip or zstd: gzip -9 makes about 1.1
// MB of the module, and browsers' DecompressionStream has gzip but neither
// zstd nor brotli, so any other needs a decoder of its own in the package.
// zstd -19 made 987 to 1,040 kB of the module at 1a76073, depending on
// where its 128 KiB blocks fell in it (the build tried 32 paddings for the
// smallest), and its decoder fzstd took 4.5 kB of the packed package; LZMA
// makes 935 kB whatever the layout, and lzma.mjs takes 2.4 kB. It unpacks
// more slowly (README.md, "Size and speed"), once, at load(). binaryen's
// wasm-opt -Oz (Debian's 108) took the module from 4.54 MB to 4.29 MB but
// its gzip only from 1,251 kB to 1,246 kB, in minutes: not used. The
// evaluation's weights are read without encoding/json, which would add 640
// kB to the module.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

// The .lzma header's decoded size is written in (xz leaves it unknown and
// ends the data with a marker instead), so that lzma.mjs makes the output
// at once, at its size.
const module = readFileSync(wasm);
const packed = execFileSync('xz', ['--format=lzma', '-9e', '--stdout', wasm], { maxBuffer: 1 << 30 });
packed.writeBigUInt64LE(BigInt(module.length), 5);
writeFileSync(path.join(pkg, 'bashni.wasm.lzma'), packed);
// The file of others that ships, Go's loader, is minified (esbuild)
// behind its licence: 4,365 bytes gzipped as Go has it, 2,618 minified (at
// 1a76073). The package's own files ship as written.
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
console.log(`bashni.wasm: ${module.length} bytes; bashni.wasm.lzma: ${packed.length} bytes, ${gzipSync(packed, { level: 9 }).length} gzipped`);
