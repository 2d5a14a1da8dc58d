// Shared by the tests: the loaded module, the Go command built from the same
// checkout (the reference the rules are compared against), and a seeded
// random number generator.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { load } from '../bashni.js';

export const pkg = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repo = path.join(pkg, '..');

export const bashni = await load();

let command = null;

/** The path of the bashni command, built on first use into build/. */
export function goCommand() {
  if (command) return command;
  const dir = path.join(pkg, 'build');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'bashni');
  // Each test file runs in its own process: build to a file of this
  // process and rename it into place, so that two builds never mix.
  const tmp = `${out}.${process.pid}`;
  execFileSync('go', ['build', '-o', tmp, './cmd/bashni'], { cwd: repo, stdio: 'inherit' });
  renameSync(tmp, out);
  command = out;
  return out;
}

/** Runs the bashni command and returns its standard output. */
export function run(...args) {
  return execFileSync(goCommand(), args, { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** A small seeded generator (mulberry32): the same walks on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 * n) | 0;
  };
}

export { existsSync };
