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

test('the Hub dialogue of lidraughts, line by line', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  for (const l of ['hub', 'set-param name=variant value=russian', 'init', 'pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-18 11-15"', 'level depth=4', 'go analyze', 'ping']) {
    h.send(l);
  }
  await waitFor(() => lines.includes('pong'));
  assert.match(lines[0], /^id name=bashni version=/);
  assert.ok(lines.includes('wait') && lines.includes('ready'), lines.join('\n'));
  const infos = lines.filter((l) => l.startsWith('info '));
  assert.ok(infos.length >= 4, lines.join('\n'));
  for (const l of infos) {
    assert.match(l, /^info depth=\d+ mean-depth=[\d.]+ score=-?[\d.]+ nodes=\d+( time=[\d.]+)?( nps=[\d.]+)? pv=("[\dx\- ]+"|[\dx-]+)$/);
  }
  const done = lines.find((l) => l.startsWith('done move='));
  assert.ok(done, lines.join('\n'));
  assert.ok(lines.indexOf(done) < lines.indexOf('pong'), 'ping waits for the search');
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

async function waitFor(cond) {
  for (let i = 0; i < 1500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail('timed out');
}
