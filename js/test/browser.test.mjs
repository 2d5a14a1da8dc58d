// In headless Chromium: the Hub Worker driven by a test page through
// lidraughts' dialogue (../shared/interop/lidraughts-ceval.md), then stop in
// the middle of an endless search; and the demo page playing moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const skip = existsSync(executablePath) ? false : `no Chromium at ${executablePath}`;

let browser;
let site;

before(async () => {
  if (skip) return;
  site = await serve();
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
});

after(async () => {
  await browser?.close();
  await site?.close();
});

// until polls the page until cond(lines) holds, for up to a minute (a
// loaded machine is slow; nothing here is a timing test).
async function until(page, cond, what) {
  const deadline = Date.now() + 60000;
  for (;;) {
    const lines = await page.evaluate(() => window.lines);
    if (cond(lines)) return lines;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}; lines:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the Hub Worker answers lidraughts\' dialogue, and stop ends a search at once', { skip, timeout: 300000 }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}/test/pages/worker.html`);
  const send = (line) => page.evaluate((l) => window.send(l), line);
  // At start, without waiting for answers.
  for (const l of ['hub', 'set-param name=tt-size value=20', 'set-param name=variant value=russian', 'init']) await send(l);
  let lines = await until(page, (ls) => ls.includes('ready'), 'ready');
  assert.match(lines[0], /^id name=bashni version=\S+ /);
  assert.ok(lines.includes('wait'));
  // One analysis: a position and moves in the Hub's numbers, captures as
  // their path (White's f4:h6, then f4:d6:b4), a level in two lines.
  await send('pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="11-15 21-17 7-11 24-20 15x24 25-21 11-15 23-19 6-11 28-23 3-7 22-18 15x22x13"');
  await send('level move-time=90');
  await send('level depth=6');
  await send('go analyze');
  lines = await until(page, (ls) => ls.some((l) => l.startsWith('done')), 'done');
  assert.deepEqual(lines.filter((l) => l.startsWith('error') || l.startsWith('worker error')), [], 'every line is taken');
  const infos = lines.filter((l) => l.startsWith('info '));
  assert.deepEqual(infos.map((l) => Number(/^info depth=(\d+)/.exec(l)?.[1])), [1, 2, 3, 4, 5, 6], lines.join('\n'));
  for (const l of infos) {
    // the fields lidraughts reads, in its order; pv in numbers only
    assert.match(l, /^info depth=\d+ mean-depth=[\d.]+ score=-?[\d.]+ nodes=\d+( time=[\d.]+)?( nps=[\d.]+)? pv=("[\dx\- ]*"|[\dx-]+)$/, l);
    // Black, to move, is two men down: the moves were played.
    assert.ok(Number(/score=(\S+)/.exec(l)[1]) < -1.5, l);
  }
  // An endless analysis, stopped in the middle.
  await page.evaluate(() => { window.lines = []; });
  await send('pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww');
  await send('level infinite');
  await send('go analyze');
  await until(page, (ls) => ls.some((l) => /^info depth=(\d+)/.test(l) && Number(/^info depth=(\d+)/.exec(l)[1]) >= 4), 'depth 4');
  const ticks = await page.evaluate(() => window.ticks);
  await new Promise((r) => setTimeout(r, 500));
  assert.ok(await page.evaluate(() => window.ticks) > ticks, 'the page runs during the search');
  const stopped = Date.now();
  await send('stop');
  lines = await until(page, (ls) => ls.some((l) => l.startsWith('done')), 'done after stop');
  const took = Date.now() - stopped;
  assert.match(lines.find((l) => l.startsWith('done')), /^done move=\d+[-x]\d+/);
  // A senseless line gets an error line, and the session goes on.
  await page.evaluate(() => { window.lines = []; });
  await send('pos pos=nonsense');
  await send('ping');
  lines = await until(page, (ls) => ls.includes('pong'), 'pong');
  assert.match(lines[0], /^error message=/);
  assert.deepEqual(errors, []);
  console.log(`# stop to done: ${took} ms (includes the test's polling)`);
  await page.close();
});

test('the demo page plays a game against the engine', { skip, timeout: 300000 }, async () => {
  for (const [variant, width] of [['russian', 1000], ['lasca', 360]]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/demo/index.html`);
    await page.waitForFunction(() => window.demoPosition, null, { timeout: 60000 });
    // The controls are big enough to tap, at a phone's width too.
    for (const id of ['#variant', '#new']) {
      const box = await page.locator(id).boundingBox();
      assert.ok(box.width >= 32 && box.height >= 32, `${id} is ${box.width}x${box.height} px at ${width} px`);
    }
    if (variant !== 'russian') {
      await page.selectOption('#variant', variant);
    }
    // the board of the position: 8x8, lasca's 7x7
    assert.equal(await page.locator('[data-square]').count(), variant === 'lasca' ? 49 : 64);
    for (let move = 0; move < 3; move++) {
      // White's first legal move, entered square by square (by keyboard
      // for the second move).
      const { path, plies } = await page.evaluate(() => ({ path: window.demoPosition.moves()[0].path, plies: window.demoPosition.line.length }));
      for (const sq of path) {
        const cell = page.locator(`[data-square="${sq}"]`);
        if (move === 1) {
          await cell.focus();
          await page.keyboard.press('Enter');
        } else {
          await cell.click();
        }
      }
      await page.waitForFunction((n) => window.demoPosition.line.length >= n + 2 || window.demoPosition.outcome(), plies, { timeout: 60000 });
    }
    const line = await page.evaluate(() => window.demoPosition.line);
    assert.equal(line.length, 6, line.join(' '));
    assert.equal(await page.locator('#moves li').count(), 3);
    assert.match(await page.locator('#status').textContent(), /The engine played \S+\. Your move\./);
    await page.screenshot({ path: `build/demo-${variant}.png` });
    assert.deepEqual(errors, []);
    await page.close();
  }
});
