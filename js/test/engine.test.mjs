// The engine: search, and the Hub protocol line by line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bashni } from './helpers.mjs';

test('search answers a legal move, its line and its depth', async () => {
  for (const variant of ['russian', 'lasca', 'brazilian-draughts']) {
    const p = bashni.position(variant).play(bashni.position(variant).legalMoves()[0]);
    const r = await bashni.search({ variant, fen: bashni.position(variant).fen(), moves: p.line, depth: 5 });
    assert.ok(p.legalMoves().includes(r.move), `${r.move} is legal`);
    assert.equal(r.pv[0], r.move);
    assert.equal(r.depth, 5);
    assert.equal(r.stop, 'depth');
    assert.ok(r.nodes > 0 && Number.isInteger(r.score));
    let q = p;
    for (const m of r.pv) q = q.play(m); // the whole line is legal
  }
});

test('search finds the winning capture', async () => {
  const r = await bashni.search({ variant: 'russian', fen: 'W:Wc3:Bd4', depth: 3 });
  assert.equal(r.move, 'c3:e5');
  assert.ok(r.score > 20000, `score ${r.score} is a win`);
});

test('an AbortSignal stops a search, which still answers', async () => {
  const ac = new AbortController();
  const started = Date.now();
  const pending = bashni.search({ variant: 'russian', movetime: 60000, signal: ac.signal });
  setTimeout(() => ac.abort(), 300);
  const r = await pending;
  assert.equal(r.stop, 'cancelled');
  assert.ok(Date.now() - started < 30000, 'stopped long before its minute');
  assert.ok(bashni.position('russian').legalMoves().includes(r.move));
});

// A game of Russian draughts in the Hub's numbers (1 = a1, as pydraughts
// sends them), with a capture of one piece and then one of two, White's
// f4:h6 and f4:d6:b4: in Scan's form (from, to, the captured squares) and in
// the path's, which lidraughts sends (from, each landing square).
const start = 'Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww';
const scanForm = '11-15 21-17 7-11 24-20 15x24x20 25-21 11-15 23-19 6-11 28-23 3-7 22-18 15x13x18x19';
const pathForm = '11-15 21-17 7-11 24-20 15x24 25-21 11-15 23-19 6-11 28-23 3-7 22-18 15x22x13';

test('the Hub dialogue of lidraughts, line by line, with captures in both numbered forms', async () => {
  for (const moves of [scanForm, pathForm]) {
    const lines = [];
    const h = bashni.hub((l) => lines.push(l));
    for (const l of ['hub', 'set-param name=variant value=russian', 'init', `pos pos=${start} moves="${moves}"`, 'level depth=4', 'go analyze', 'ping']) {
      h.send(l);
    }
    await waitFor(() => lines.includes('pong'));
    assert.match(lines[0], /^id name=bashni version=/);
    assert.ok(lines.includes('wait') && lines.includes('ready'), lines.join('\n'));
    assert.deepEqual(lines.filter((l) => l.startsWith('error')), [], 'every line is taken');
    const infos = lines.filter((l) => l.startsWith('info '));
    assert.equal(infos.length, 4, lines.join('\n'));
    for (const l of infos) {
      assert.match(l, /^info depth=\d+ mean-depth=[\d.]+ score=-?[\d.]+ nodes=\d+( time=[\d.]+)?( nps=[\d.]+)? pv=("[\dx\- ]+"|[\dx-]+)$/);
      // Black, to move, is two men down after White's double capture.
      assert.ok(Number(/score=(\S+)/.exec(l)[1]) < -1.5, l);
    }
    const done = lines.find((l) => l.startsWith('done move='));
    assert.ok(done, lines.join('\n'));
    assert.ok(lines.indexOf(done) < lines.indexOf('pong'), 'ping waits for the search');
    h.close();
  }
});

test('hub: level lines add up, as Scan\'s do', async () => {
  // lidraughts' order: move-time, then depth. Were the second line to
  // replace the first, the search would go on to depth 60.
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  for (const l of ['level move-time=0.3', 'level depth=60', 'go analyze']) h.send(l);
  await waitFor(() => lines.some((l) => l.startsWith('done')));
  const depths = lines.filter((l) => l.startsWith('info ')).map((l) => Number(/depth=(\d+)/.exec(l)[1]));
  assert.ok(depths.length > 0 && Math.max(...depths) < 60, lines.join('\n'));
  h.close();
});

test('hub: tt-size is Scan\'s, log2 of 16-byte entries (22 is 64 MiB)', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  for (const l of ['set-param name=tt-size value=22', 'hub']) h.send(l);
  await waitFor(() => lines.includes('wait'));
  assert.ok(lines.includes('param name=hash value=64 type=int min=1 max=65536'), lines.join('\n'));
  assert.ok(lines.includes('param name=tt-size value=22 type=int min=16 max=32'), lines.join('\n'));
  h.close();
});

test('hub: a senseless line is answered with an error, and the session goes on', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  h.send('pos pos=nonsense');
  h.send('ping');
  await waitFor(() => lines.includes('pong'));
  assert.match(lines[0], /^error message=/);
  h.close();
});

test('hub: stop ends an endless search at once', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  h.send('level infinite');
  h.send('go analyze');
  await waitFor(() => lines.some((l) => l.startsWith('info depth=3 ')));
  h.send('stop');
  await waitFor(() => lines.some((l) => l.startsWith('done')));
  h.close();
});

test('hub: two sessions searching at once leave the event loop running, and stop ends each', async () => {
  const lines = [[], []];
  const hs = lines.map((ls) => bashni.hub((l) => ls.push(l)));
  for (const h of hs) {
    h.send('level infinite');
    h.send('go analyze');
  }
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  await waitFor(() => lines.every((ls) => ls.some((l) => l.startsWith('info depth=4 '))));
  const before = ticks;
  await waitFor(() => ticks >= before + 5);
  clearInterval(timer);
  hs[0].send('stop');
  await waitFor(() => lines[0].some((l) => l.startsWith('done')));
  assert.ok(!lines[1].some((l) => l.startsWith('done')), 'the other search goes on');
  hs[1].send('stop');
  await waitFor(() => lines[1].some((l) => l.startsWith('done')));
  for (const h of hs) h.close();
});

async function waitFor(cond) {
  for (let i = 0; i < 1500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail('timed out');
}

// Two searches at once: the second does not wait for the first to end,
// so its AbortSignal and its movetime count from its own call. Which
// answers first says so, with no clock read.
const first = (a, b) => Promise.race([a.then(() => 'first'), b.then(() => 'second')]);

test('an aborted search answers while another search runs', async () => {
  await bashni.search({ variant: 'russian', depth: 1 }); // the tables made
  const long = bashni.search({ variant: 'russian', movetime: 3000 });
  const ac = new AbortController();
  const aborted = bashni.search({ variant: 'lasca', movetime: 3000, signal: ac.signal });
  setTimeout(() => ac.abort(), 100);
  assert.equal(await first(aborted, long), 'first');
  assert.equal((await aborted).stop, 'cancelled');
  await long;
});

test("a search's movetime counts from its call while another search runs", async () => {
  const long = bashni.search({ variant: 'russian', movetime: 2000 });
  const short = bashni.search({ variant: 'russian', movetime: 200 });
  assert.equal(await first(short, long), 'first');
  assert.ok((await short).move);
  await long;
});

test('a fifth search at once is refused, and the four answer', async () => {
  const ac = new AbortController();
  const four = [1, 2, 3, 4].map(() => bashni.search({ variant: 'russian', movetime: 60000, signal: ac.signal }));
  await assert.rejects(bashni.search({ variant: 'russian', depth: 1 }), /4 searches are under way/);
  ac.abort();
  for (const r of await Promise.all(four)) assert.equal(r.stop, 'cancelled');
  assert.ok((await bashni.search({ variant: 'russian', depth: 1 })).move);
});
