// The rules in the wasm against the Go command of the same checkout: legal
// moves, the position after each, and perft, on many positions of every
// preset, reached by seeded random games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bashni, run, rng } from './helpers.mjs';

const presets = bashni.presets();

test('every preset is listed', () => {
  assert.deepEqual(presets, ['russian', 'international', 'lasca', 'russian-draughts', 'brazilian-draughts', 'ludii-bashni', 'ludii-lasca']);
});

// positions returns the positions of one seeded random game of the preset,
// every few plies, up to its end or ply 120.
function positions(variant, seed) {
  const pick = rng(seed);
  const out = [];
  let p = bashni.position(variant);
  for (let ply = 0; ply < 120; ply++) {
    const ms = p.legalMoves();
    if (ms.length === 0) break;
    if (ply % 7 === 0 || ms.some((m) => m.includes(':'))) out.push(p);
    p = p.play(ms[pick(ms.length)]);
  }
  out.push(p);
  return out;
}

for (const variant of presets) {
  test(`legal moves and the positions after them, ${variant}`, () => {
    let compared = 0;
    for (const seed of [1, 2, 3]) {
      for (const p of positions(variant, seed * 101 + variant.length)) {
        const lines = run('moves', '-variant', variant, '-fen', p.fen(), '-after').split('\n').filter(Boolean);
        const want = lines.map((l) => l.split(' '));
        const got = p.legalMoves().map((m) => [m, p.play(m).fen()]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
        assert.deepEqual(got, want, `${variant} ${p.fen()}`);
        const objects = p.moves();
        assert.deepEqual(objects.map((m) => m.text), p.legalMoves());
        for (const m of objects) {
          assert.equal(m.path[0], m.from);
          assert.equal(m.path[m.path.length - 1], m.to);
          assert.equal(p.play(m.numbers).fen(), p.play(m.text).fen(), `${m.numbers} is ${m.text}`);
        }
        compared++;
      }
    }
    assert.ok(compared >= 20, `only ${compared} positions`);
  });

  test(`FEN and towers by number, ${variant}`, () => {
    for (const p of positions(variant, 11 + variant.length)) {
      const numbered = p.fen({ numbers: true });
      assert.match(numbered, /^[WB]:W[K\d,wbWB]*:B[K\d,wbWB]*$/, numbered);
      assert.equal(bashni.position(variant, numbered).fen(), p.fen(), numbered);
      // each tower's number is where its square is in the numbered FEN
      const tokens = numbered.split(':').slice(1).flatMap((side) => side.slice(1).split(',').filter(Boolean));
      const byNumber = new Map(tokens.map((t) => [Number(/\d+/.exec(t)[0]), t]));
      for (const t of p.towers()) {
        assert.ok(byNumber.has(t.number), `${t.square} is ${t.number} in ${numbered}`);
        assert.deepEqual(p.matchPath([String(t.number)]), p.matchPath([t.square]));
      }
      assert.equal(byNumber.size, p.towers().length);
    }
  });

  test(`perft against the command, ${variant}`, () => {
    const ps = positions(variant, 7 + variant.length);
    for (const p of ps.filter((_, i) => i % 3 === 0)) {
      const out = run('perft', '-divide', '-variant', variant, '-fen', p.fen(), '3').split('\n');
      const divide = out.filter((l) => /^\S+ \d+$/.test(l)).map((l) => l.split(' '));
      const total = Number(/^depth 3: (\d+) nodes/m.exec(out.join('\n'))[1]);
      assert.equal(p.perft(3), total, `${variant} ${p.fen()}`);
      for (const [move, n] of divide) {
        assert.equal(p.play(move).perft(2), Number(n), `${variant} ${p.fen()} ${move}`);
      }
    }
  });
}

test('perft from the start, as docs/RULES.md counts it', () => {
  const out = run('perft', '-variant', 'lasca', '6');
  const want = Number(/depth 6: (\d+) nodes/.exec(out)[1]);
  assert.equal(bashni.position('lasca').perft(6), want);
  assert.equal(bashni.position('russian').perft(0), 1);
});

test('matchPath follows clicks to a whole move', () => {
  const p = bashni.position('russian', 'W:Wc3:Bd4,f6');
  let m = p.matchPath([]);
  assert.deepEqual(m.next, ['c3']);
  m = p.matchPath(['c3']);
  assert.deepEqual(m, { moves: ['c3:e5:g7'], next: ['e5'], complete: false, move: null });
  m = p.matchPath(['c3', 'e5', 'g7']);
  assert.deepEqual(m, { moves: ['c3:e5:g7'], next: [], complete: true, move: 'c3:e5:g7' });
  assert.deepEqual(p.matchPath(['22']).next, ['e5'], 'squares by number too (22 = c3)');
});

test('towers, top first', () => {
  const p = bashni.position('lasca', 'W:Wc3,Ke5bb:Ba7,b6Bb');
  assert.deepEqual(p.towers(), [{ square: 'c3', number: 16, pieces: 'w' }, { square: 'e5', number: 10, pieces: 'Wbb' }, { square: 'b6', number: 5, pieces: 'bBb' }, { square: 'a7', number: 1, pieces: 'b' }]);
});

test('outcome: null while the game goes on, else the result and why', () => {
  const p = bashni.position('russian', 'W:Wc3:Bd4');
  assert.equal(p.outcome(), null);
  const q = p.play('c3:e5');
  assert.deepEqual(q.outcome(), { result: '1-0', reason: 'no legal move' });
  assert.deepEqual(q.line, ['c3:e5']);
  assert.equal(q.turn(), 'black');
});

test('outcome after moves played past a draw by repetition is the draw', () => {
  let p = bashni.position('russian', 'W:WKa1:BKh4');
  const cycle = ['a1-b2', 'h4-g5', 'b2-a1', 'g5-h4'];
  for (let i = 0; i < 8; i++) p = p.play(cycle[i % 4]);
  assert.deepEqual(p.outcome(), { result: '1/2-1/2', reason: 'repetition' });
  const q = p.play('a1-b2'); // play takes it: the position knows no history
  assert.deepEqual(q.outcome(), { result: '1/2-1/2', reason: 'repetition' });
});
