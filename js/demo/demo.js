// The demo: a game against the engine, the rules and the search in the
// page (bashni.js in WebAssembly). The board is a grid of buttons, one per
// square, so it works by keyboard; moves are entered click by click with
// Position.matchPath.
import { load } from '../bashni.js';

const $ = (id) => document.getElementById(id);
const b = await load();
let pos;
let clicked = [];
let thinking = false;

function newGame() {
  pos = b.position($('variant').value);
  clicked = [];
  window.demoPosition = pos;
  draw();
  say('Your move (White).');
}

function say(text) {
  $('status').textContent = text;
}

function draw() {
  const n = pos.size; // the board's width and height, a1 dark
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.replaceChildren();
  const towers = new Map(pos.towers().map((t) => [t.square, t.pieces]));
  const next = new Set(pos.matchPath(clicked).next);
  const last = new Set(pos.lastMove ? pos.before && b.position(pos.variant, pos.before).moves().find((m) => m.text === pos.lastMove)?.path : []);
  for (let rank = n; rank >= 1; rank--) {
    for (let file = 0; file < n; file++) {
      const sq = String.fromCharCode(97 + file) + rank;
      const dark = (file + rank) % 2 === 1;
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.dataset.square = sq;
      cell.className = dark ? 'dark' : 'light';
      const pieces = towers.get(sq) ?? '';
      cell.setAttribute('aria-label', `${sq}${pieces ? ` ${describe(pieces)}` : ''}`);
      if (!dark) {
        cell.tabIndex = -1;
        cell.disabled = true;
      } else {
        cell.addEventListener('click', () => click(sq));
      }
      if (next.has(sq)) cell.classList.add('next');
      if (clicked.includes(sq)) cell.classList.add('clicked');
      if (last.has(sq)) cell.classList.add('last');
      // bottom piece first: the column is drawn from the bottom up
      for (const p of [...pieces].reverse()) {
        const disc = document.createElement('span');
        disc.className = `piece ${p.toLowerCase()}${p === p.toUpperCase() ? ' king' : ''}`;
        cell.append(disc);
      }
      board.append(cell);
    }
  }
  $('moves').replaceChildren(...pos.line.reduce((items, m, i) => {
    if (i % 2 === 0) items.push(document.createElement('li'));
    items[items.length - 1].textContent += (i % 2 ? ' ' : '') + m;
    return items;
  }, []));
}

function describe(pieces) {
  const name = (p) => `${p.toLowerCase() === 'w' ? 'white' : 'black'} ${p === p.toUpperCase() ? 'king' : 'man'}`;
  return pieces.length === 1 ? name(pieces) : `tower of ${[...pieces].map(name).join(', ')} (top first)`;
}

async function click(sq) {
  if (thinking || pos.outcome() || pos.turn() !== 'white') return;
  let m = pos.matchPath([...clicked, sq]);
  if (m.moves.length === 0) {
    m = pos.matchPath([sq]);
    clicked = m.moves.length ? [sq] : [];
  } else {
    clicked = [...clicked, sq];
  }
  if (m.complete) {
    clicked = [];
    await play(m.move);
  } else {
    draw();
    document.querySelector(`[data-square="${sq}"]`)?.focus();
  }
}

async function play(move) {
  pos = pos.play(move);
  window.demoPosition = pos;
  draw();
  if (over()) return;
  thinking = true;
  say('The engine is thinking…');
  try {
    const r = await b.search({ variant: pos.variant, fen: pos.start, moves: pos.line, movetime: 400 });
    pos = pos.play(r.move);
    window.demoPosition = pos;
    draw();
    if (!over()) say(`The engine played ${r.move}. Your move.`);
  } catch (e) {
    say(`Error: ${e.message}`);
  } finally {
    thinking = false;
  }
}

function over() {
  const o = pos.outcome();
  if (!o) return false;
  say(`Game over: ${o.result} (${o.reason}).`);
  return true;
}

$('new').addEventListener('click', newGame);
$('variant').addEventListener('change', newGame);
newGame();
