// Game records: written, read back the same, and read from the command's
// own output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bashni, rng, run } from './helpers.mjs';

function randomGame(variant, seed, plies) {
  const pick = rng(seed);
  let p = bashni.position(variant);
  for (let i = 0; i < plies; i++) {
    const ms = p.legalMoves();
    if (ms.length === 0) break;
    p = p.play(ms[pick(ms.length)]);
  }
  return p;
}

for (const variant of bashni.presets()) {
  test(`PDN round trip, ${variant}`, () => {
    for (const seed of [1, 2, 3, 4]) {
      const p = randomGame(variant, seed, 10 + seed * 17);
      const tags = { Event: `round trip ${seed}`, White: 'Ann "the first"', Black: 'Bob' };
      const text = bashni.writePDN({ variant, moves: p.line, tags });
      const games = bashni.readPDN(text);
      assert.equal(games.length, 1);
      const [g] = games;
      assert.deepEqual(g.moves, p.line);
      assert.equal(g.fen, bashni.position(variant).fen());
      assert.deepEqual(g.errors, []);
      assert.equal(g.tags.Event, tags.Event);
      assert.equal(g.tags.White, tags.White);
      assert.equal(g.result, p.outcome()?.result ?? '*');
      assert.equal(bashni.position(g.variant, g.fen).fen(), g.fen);
      // The same text again from what was read.
      assert.equal(bashni.writePDN({ variant: g.variant, fen: g.fen, moves: g.moves, tags: g.tags }), text);
    }
  });
}

test('PDN from a set-up position', () => {
  const fen = 'W:Wc3,Ke5bb:Ba7,b6Bb';
  const text = bashni.writePDN({ variant: 'lasca', fen, moves: ['c3-d4'] });
  const [g] = bashni.readPDN(text);
  assert.equal(g.fen, bashni.position('lasca', fen).fen());
  assert.deepEqual(g.moves, ['c3-d4']);
  assert.match(text, /\[FEN "W:Wc3,Ke5bb:Bb6Bb,a7"\]/);
});

test('PDN the command writes reads back', () => {
  const text = run('selfplay', '-variant', 'russian', '-games', '2', '-nodes', '200', '-seed', '5');
  const games = bashni.readPDN(text);
  assert.equal(games.length, 2);
  for (const g of games) {
    assert.deepEqual(g.errors, []);
    assert.ok(g.moves.length > 0);
    let p = bashni.position(g.variant, g.fen);
    for (const m of g.moves) p = p.play(m);
  }
});

test('a game that cannot be read is reported, and the next one read', () => {
  const text = '[Event "bad"]\n\n1. c3-d4 c3-d4 *\n\n[Event "good"]\n\n1. c3-d4 *\n';
  const games = bashni.readPDN(text);
  assert.equal(games.length, 2);
  assert.deepEqual(games[0].moves, []);
  assert.equal(games[0].tags.Event, 'bad');
  assert.match(games[0].errors[0], /c3-d4/);
  assert.deepEqual(games[1].moves, ['c3-d4']);
});

test('a game read from PDN and written back keeps its result', () => {
  const [game] = bashni.readPDN('[Result "1-0"]\n\n1. c3-d4 1-0\n');
  assert.equal(game.result, '1-0'); // Black resigned
  const [again] = bashni.readPDN(bashni.writePDN(game));
  assert.equal(again.result, '1-0');
  assert.deepEqual(again.moves, ['c3-d4']);
});
