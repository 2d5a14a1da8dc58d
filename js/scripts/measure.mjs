// Measures the speed figures of README.md ("Size and speed"), the wasm side
// by side with the native command, on this machine:
//
//   node scripts/measure.mjs [runs]      (in js/, after npm ci && npm run build)
//
// - a depth-12 search of russian from the start in headless Chromium: a
//   fresh page of test/pages/search.html per run (the engine's tables made
//   by a depth-1 search first, then window.measure's wall time);
// - the same search in Node, a fresh process per run: wall and CPU time;
// - perft 10 of russian from the start in Node, a fresh process per run;
// - the native command built from the same checkout: `bashni analyze
//   -variant russian -depth 12` and `bashni perft -variant russian 10`,
//   wall and user CPU time of the whole process (/usr/bin/time).
//
// runs is 5 by default. Wall times are only worth reporting from an idle
// machine: the script prints the load average before and after, and the
// commit, the Chromium and the Node it measured. Chromium is
// /usr/bin/chromium, or $CHROMIUM.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const script = fileURLToPath(import.meta.url);
const pkg = path.join(path.dirname(script), '..');
const variant = 'russian';
const searchDepth = 12;
const perftDepth = 10;

// A child run: one measurement in a fresh process, printed as JSON.
if (process.argv[2] === '--child') {
  const { load } = await import('../bashni.js');
  const b = await load();
  const search = process.argv[3] === 'search';
  if (search) {
    await b.search({ variant, depth: 1 }); // the engine's tables made once
  }
  const p = b.position(variant);
  const t = performance.now();
  const cpu = process.cpuUsage();
  const nodes = search ? (await b.search({ variant, depth: searchDepth })).nodes : p.perft(perftDepth);
  console.log(JSON.stringify({ wall: performance.now() - t, cpu: cpuMs(process.cpuUsage(cpu)), nodes }));
  process.exit(0);
}

function cpuMs(u) {
  return (u.user + u.system) / 1000;
}

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/measure.mjs [runs]');
  process.exit(2);
}
if (!existsSync(path.join(pkg, 'bashni.wasm.lzma'))) {
  console.error('bashni.wasm.lzma is missing: run npm run build first');
  process.exit(2);
}

const ms = (x) => `${Math.round(x)}`;
const span = (xs) => (xs.length === 1 ? ms(xs[0]) : `${ms(Math.min(...xs))} to ${ms(Math.max(...xs))}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: pkg, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: pkg, encoding: 'utf8' }).trim() !== '';
console.log(`commit ${commit}${dirty ? ' with uncommitted changes' : ''}; Node ${process.version}; ${runs} runs each`);
console.log(`load average before: ${load()}`);

// Chromium.
const { chromium } = await import('playwright-core');
const { serve } = await import('../test/server.mjs');
const site = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const chromiumWall = [];
let chromiumNodes;
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage();
  await page.goto(`${site.url}/test/pages/search.html`);
  await page.waitForFunction(() => typeof window.measure === 'function');
  const r = await page.evaluate(([v, d]) => window.measure(v, d), [variant, searchDepth]);
  chromiumWall.push(r.wall);
  chromiumNodes = r.nodes;
  await page.close();
}
console.log(`Chromium ${browser.version()}: depth-${searchDepth} search, ${chromiumNodes} nodes: ${chromiumWall.map(ms).join(', ')} ms wall`);
await browser.close();
await site.close();

// Node, a fresh process per run.
function child(what) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    out.push(JSON.parse(execFileSync(process.execPath, [script, '--child', what], { encoding: 'utf8' })));
  }
  return out;
}
const nodeSearch = child('search');
console.log(`Node: depth-${searchDepth} search, ${nodeSearch[0].nodes} nodes: ${span(nodeSearch.map((r) => r.wall))} ms wall, ${span(nodeSearch.map((r) => r.cpu))} ms CPU`);
const nodePerft = child('perft');
console.log(`Node: perft ${perftDepth}, ${nodePerft[0].nodes} positions: ${span(nodePerft.map((r) => r.wall))} ms wall, ${span(nodePerft.map((r) => r.cpu))} ms CPU`);

// The native command of the same checkout.
const { goCommand } = await import('../test/helpers.mjs');
const command = goCommand();
function native(...args) {
  const wall = [];
  const user = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync('/usr/bin/time', ['-f', 'time %e %U', command, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bashni ${args.join(' ')}: ${r.stderr}`);
    const [, e, u] = /time ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
    wall.push(Number(e) * 1000);
    user.push(Number(u) * 1000);
  }
  return `${span(wall)} ms wall, ${span(user)} ms user CPU (the whole process; /usr/bin/time counts in 10 ms)`;
}
console.log(`native: bashni analyze -variant ${variant} -depth ${searchDepth}: ${native('analyze', '-variant', variant, '-depth', String(searchDepth))}`);
console.log(`native: bashni perft -variant ${variant} ${perftDepth}: ${native('perft', '-variant', variant, String(perftDepth))}`);
console.log(`load average after: ${load()}`);
