// The packed package stays within the size the issue allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pkg } from './helpers.mjs';

test('npm pack is at most 1,000,000 bytes, and holds what the package needs', () => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  assert.ok(packed.size <= 1000000, `packed ${packed.size} bytes`);
  const files = packed.files.map((f) => f.path);
  for (const f of ['bashni.js', 'bashni.d.ts', 'hub-worker.js', 'wasm_exec.js', 'bashni.wasm.lzma', 'README.md', 'package.json', 'lzma.mjs']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  console.log(`# npm pack: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
});
