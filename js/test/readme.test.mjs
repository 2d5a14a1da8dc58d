// Runs every ```js example of README.md and checks what it prints against
// its "// prints:" comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pkg } from './helpers.mjs';

const readme = readFileSync(path.join(pkg, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

test('README.md has examples', () => assert.ok(blocks.length >= 5));

blocks.forEach((code, i) => {
  const name = `README example ${i + 1}: ${code.split('\n').find((l) => l && !l.startsWith('import')) ?? ''}`;
  test(name, { skip: code.includes('// browser only') }, async () => {
    const want = [...code.matchAll(/^\/\/ prints: (.*)$/gm)].map((m) => m[1]);
    const printed = [];
    const log = console.log;
    // The example imports 'bashni' by name: a file inside the package
    // resolves that to the package itself.
    const file = path.join(pkg, `readme-example-${process.pid}-${i}.mjs`);
    writeFileSync(file, code);
    console.log = (...args) => printed.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    try {
      await import(file);
    } finally {
      console.log = log;
      rmSync(file);
    }
    assert.deepEqual(printed, want);
  });
});
