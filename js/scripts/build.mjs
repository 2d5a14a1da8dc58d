// Builds the package's generated files from the Go code of the repository:
// bashni.wasm.zst (js/wasm for GOOS=js GOARCH=wasm, stripped, compressed
// with zstd) and wasm_exec.js (Go's loader, from the Go installation).
// Needs go and zstd on the PATH.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
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
// The tower presets play without their pattern weights here
// (internal/eval/towerpatterns_off.go): russian's alone took the
// compressed module from 950,112 to 1,005,549 bytes (at 3d8c7d4), about
// 14 kB of weights and 40 kB of what their place did to the compression
// of the rest, and the package past its 1,000,000 bytes.
run('go', ['build', '-trimpath', '-tags=bashni_notowerpatterns', '-ldflags=-s -w', ...noInline.map((p) => `-gcflags=${p}=-l`), '-o', wasm, './js/wasm'], { GOOS: 'js', GOARCH: 'wasm', CGO_ENABLED: '0' });
const out = path.join(pkg, 'bashni.wasm.zst');
rmSync(out, { force: true });
run('zstd', ['-19', '-q', '-f', wasm, '-o', out]);
const goroot = run('go', ['env', 'GOROOT']);
copyFileSync(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js'), path.join(pkg, 'wasm_exec.js'));
console.log(`bashni.wasm: ${statSync(wasm).size} bytes; bashni.wasm.zst: ${statSync(out).size} bytes`);
