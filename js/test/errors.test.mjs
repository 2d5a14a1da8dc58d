// Bad input gets an Error that says what is wrong, and the module keeps
// working after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bashni } from './helpers.mjs';

const cases = [
  ['an unknown ruleset', () => bashni.position('chess'), /unknown ruleset "chess"/],
  ['a ruleset that is not text', () => bashni.position(7), /the ruleset must be a string, not a number/],
  ['a bad FEN', () => bashni.position('russian', 'W:Wz9:Bb6'), /FEN "W:Wz9:Bb6"/],
  ['a FEN with a square off the board', () => bashni.position('lasca', 'W:Wh8:Bb6'), /h8/],
  ['an illegal move', () => bashni.position('russian').play('c3-c4'), /move "c3-c4": c4 is not a playable square of this board \(legal: a3-b4/],
  ['a move not legal here', () => bashni.position('russian').play('a1-b2'), /move "a1-b2": not a legal move here \(legal: a3-b4/],
  ['a move that is not text', () => bashni.position('russian').play(12), /the move must be a string/],
  ['a perft too deep', () => bashni.position('russian').perft(21), /the depth must be a whole number from 0 to 20, not 21/],
  ['a perft depth that is not whole', () => bashni.position('russian').perft(2.5), /whole number/],
  ['a click off the board', () => bashni.position('lasca').matchPath(['h8']), /square 1: .*h8/],
  ['PDN that is not text', () => bashni.readPDN(null), /the PDN text must be a string, not undefined/],
  ['writePDN without a ruleset', () => bashni.writePDN({ moves: [] }), /variant is missing/],
  ['writePDN with an illegal move', () => bashni.writePDN({ variant: 'russian', moves: ['c3-d4', 'c3-d4'] }), /move 2 \(c3-d4\)/],
  ['writePDN with a tag that is not text', () => bashni.writePDN({ variant: 'russian', tags: { Round: 3 } }), /the tag Round must have a string value/],
  ['svg of what is not a position', () => bashni.svg('W:Wc3:Bd4'), /svg takes a Position/],
  ['svg with options that are not an object', () => bashni.svg(bashni.position('russian'), 'big'), /the options must be an object/],
  ['svg of a bad size', () => bashni.svg(bashni.position('russian'), { size: 1e9 }), /size must be a whole number from 8 to 1024/],
  ['a hub line with a line break', () => bashni.hub(() => {}).send('hub\ninit'), /one line per send/],
  ['an argument nested too deep', () => bashni.writePDN({ variant: 'russian', tags: { a: [[[[[[[[['x']]]]]]]]] } }), /too deep/],
];

for (const [what, f, want] of cases) {
  test(`${what} is an Error`, () => {
    assert.throws(f, (e) => e instanceof Error && want.test(e.message) ? true : assert.fail(`${e.message} does not match ${want}`));
    // and the module still works
    assert.equal(bashni.position('russian').legalMoves().length, 7);
  });
}

test('a search with a bad request is a rejected promise', async () => {
  await assert.rejects(bashni.search({ variant: 'russian', depth: 0 }), /depth must be a whole number from 1 to 64, not 0/);
  await assert.rejects(bashni.search({ variant: 'russian', depth: 65 }), /depth must be a whole number from 1 to 64, not 65/);
  await assert.rejects(bashni.search({ variant: 'russian', fen: 'W:W:B' }), Error);
  await assert.rejects(bashni.search({ depth: 3 }), /variant is missing/);
  await assert.rejects(bashni.search(), /search takes an object/);
  await assert.rejects(bashni.search('russian'), /search takes an object/);
  await assert.rejects(bashni.search({ variant: 'russian', signal: true }), /signal must be an AbortSignal/);
  await assert.rejects(bashni.search({ variant: 'russian', fen: 'W:Wa1:Bh8', moves: ['a1-b2', 'h8-g7', 'b2-b3'] }), /move 3 \(b2-b3\)/);
  const r = await bashni.search({ variant: 'russian', depth: 2 });
  assert.equal(r.depth, 2);
});

test('a hub session refuses lines after quit', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  h.send('ping');
  h.send('quit');
  await waitFor(() => { try { h.send('ping'); return false; } catch (e) { return /ended/.test(e.message); } });
  assert.deepEqual(lines, ['pong']);
});

async function waitFor(cond) {
  for (let i = 0; i < 500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail('timed out');
}
