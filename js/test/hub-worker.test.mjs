// The Hub Worker: when the module cannot load, it answers
// every line with an error rather than keeping it for good. It runs here in
// Node with a stand-in for the Worker's self, from a copy of the package
// that has no bashni.wasm.lzma.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pkg } from './helpers.mjs';

async function waitFor(cond, what) {
  for (let i = 0; i < 250; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('the Hub Worker answers lines with an error once the module failed to load', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bashni-worker-'));
  try {
    for (const f of ['bashni.js', 'hub-worker.js', 'wasm_exec.js', 'lzma.mjs']) copyFileSync(path.join(pkg, f), path.join(dir, f));
    const posted = [];
    globalThis.self = { postMessage: (m) => posted.push(m) };
    await import(pathToFileURL(path.join(dir, 'hub-worker.js')).href);
    self.onmessage({ data: 'hub' }); // while it loads
    await waitFor(() => posted.some((l) => /did not load/.test(l)), 'the load error');
    self.onmessage({ data: 'ping' }); // after
    await waitFor(() => posted.length >= 3, 'answers to both lines');
    assert.equal(posted.length, 3, JSON.stringify(posted));
    for (const l of posted) assert.match(l, /^error message="the engine did not load: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
