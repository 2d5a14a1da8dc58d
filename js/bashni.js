// bashni for JavaScript: the rules and the engine of column checkers (Bashni,
// Lasca; with stacking off, Russian and Brazilian draughts), the Go library
// compiled to WebAssembly. See README.md; the types are in bashni.d.ts.
import { decompress } from './lzma.mjs';

let loading = null;

/**
 * Loads the WebAssembly module (once: later calls return the same promise).
 * @param {{wasm?: URL | string | ArrayBuffer | Uint8Array}} [options] where
 *   the compressed module is, or its bytes (the default: bashni.wasm.lzma
 *   beside this file).
 */
export function load(options = {}) {
  if (!loading) {
    loading = start(options);
    loading.catch(() => { loading = null; });
  }
  return loading;
}

async function start(options) {
  if (typeof globalThis.Go !== 'function') {
    await import('./wasm_exec.js');
  }
  const source = options.wasm ?? new URL('./bashni.wasm.lzma', import.meta.url);
  let bytes = await fetchBytes(source);
  if (!isWasm(bytes)) {
    bytes = decompress(bytes);
  }
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const stopped = { why: null };
  go.run(instance).then(
    () => { stopped.why = 'its program exited'; },
    (e) => { stopped.why = String(e); },
  );
  const api = globalThis.__bashniWasm;
  delete globalThis.__bashniWasm;
  if (!api) {
    throw new Error('bashni: the WebAssembly module did not start');
  }
  return new Bashni(api, stopped);
}

// isWasm reports whether b starts as a WebAssembly module does ("\0asm");
// anything else is taken for the .lzma stream of one.
function isWasm(b) {
  return b.length >= 4 && b[0] === 0 && b[1] === 0x61 && b[2] === 0x73 && b[3] === 0x6d;
}

async function fetchBytes(source) {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  const url = new URL(String(source), import.meta.url);
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return new Uint8Array(await readFile(url));
  }
  const r = await fetch(url);
  if (!r.ok) {
    throw new Error(`bashni: fetching ${url}: ${r.status} ${r.statusText}`);
  }
  return new Uint8Array(await r.arrayBuffer());
}

// A Hub session dropped without close() is closed once it is garbage:
// nothing but the Go side holds the function its lines go to, and the
// session would otherwise run, and keep it, for good.
const unreachable = new FinalizationRegistry((close) => close());

/** The loaded module: what load() resolves to. */
export class Bashni {
  #api;
  #stopped;

  /** @internal */
  constructor(api, stopped) {
    this.#api = api;
    this.#stopped = stopped;
  }

  /** @internal Runs a method of the Go side; throws its error. */
  _call(name, ...args) {
    let r;
    try {
      r = this.#api.call(name, ...args);
    } catch (e) {
      throw new Error(`bashni: the WebAssembly module has stopped (${this.#stopped.why ?? e.message})`);
    }
    if (r.error !== undefined) {
      throw new Error(r.error);
    }
    return r.value;
  }

  /** The start position of the ruleset, or the position the FEN gives. */
  position(variant, fen) {
    const d = this._call('position', variant, fen ?? null);
    return new Position(this, d, d.fen, []);
  }

  /** The names of the preset rulesets. */
  presets() {
    return this._call('presets');
  }

  /** Reads game records: [{tags, variant, fen, moves, result, errors}]. */
  readPDN(text) {
    return this._call('readPDN', text).map((g) => ({ ...g, tags: Object.fromEntries(g.tags) }));
  }

  /** Writes a game record from {variant, fen, moves, tags, result}. */
  writePDN(game) {
    if (game === null || typeof game !== 'object') {
      throw new Error('bashni: writePDN takes an object {variant, fen, moves, tags, result}');
    }
    const tags = game.tags == null ? null : Object.entries(game.tags);
    return this._call('writePDN', { variant: game.variant, fen: game.fen, moves: game.moves, tags, result: game.result });
  }

  /** The position drawn as an SVG picture. */
  svg(position, options) {
    if (!(position instanceof Position)) {
      throw new Error('bashni: svg takes a Position');
    }
    options ??= {};
    if (typeof options !== 'object') {
      throw new Error('bashni: svg: the options must be an object {size, flip, coordinates, last}');
    }
    const o = { size: options.size, flip: options.flip, coordinates: options.coordinates };
    if (options.last && position.lastMove) {
      o.last = position.lastMove;
      o.before = position.before;
    }
    return this._call('svg', position.variant, position.fen(), o);
  }

  /**
   * Searches with the engine: {move, score, pv, depth, nodes, time, stop}.
   * An AbortSignal in request.signal stops it early (it still answers).
   */
  search(request) {
    if (request == null || typeof request !== 'object') {
      return Promise.reject(new Error('bashni: search takes an object {variant, fen, moves, movetime, depth, nodes, signal}'));
    }
    const { signal, ...req } = request;
    if (signal != null && !(typeof signal.addEventListener === 'function' && 'aborted' in signal)) {
      return Promise.reject(new Error('bashni: search: signal must be an AbortSignal'));
    }
    return new Promise((resolve, reject) => {
      let r;
      let finished = false;
      const onAbort = () => r?.value?.();
      try {
        r = this.#api.search(req, (answer) => {
          finished = true;
          signal?.removeEventListener('abort', onAbort);
          if (answer.error !== undefined) reject(new Error(answer.error));
          else resolve(answer.value);
        });
      } catch (e) {
        reject(new Error(`bashni: the WebAssembly module has stopped (${this.#stopped.why ?? e.message})`));
        return;
      }
      if (r.error !== undefined) {
        reject(new Error(r.error));
        return;
      }
      if (finished) return;
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * A Hub protocol session: send it lines, get its answers through onLine.
   * Once it has ended (quit or close), send throws.
   */
  hub(onLine) {
    if (typeof onLine !== 'function') {
      throw new Error('bashni: hub takes a function to call with each line');
    }
    let ended = null; // why send throws, once the session is closed or has ended
    let r;
    try {
      r = this.#api.hub((line) => {
        try {
          onLine(line);
        } catch (e) {
          setTimeout(() => { throw e; }); // reported as uncaught, not into Go
        }
      }, (why) => { ended ??= why; });
    } catch (e) {
      throw new Error(`bashni: the WebAssembly module has stopped (${this.#stopped.why ?? e.message})`);
    }
    if (r.error !== undefined) throw new Error(r.error);
    const h = r.value; // its functions are released when the session ends
    const close = () => {
      if (ended !== null) return;
      ended = 'bashni: hub: the session is closed';
      h.close();
    };
    const session = {
      send(line) {
        if (ended !== null) throw new Error(ended);
        const err = h.send(String(line));
        if (err != null) throw new Error(err);
      },
      close,
    };
    unreachable.register(session, close);
    return session;
  }

  /**
   * @internal What the Go side keeps for searches and Hub sessions under
   * way: {funcs, hubs}, both 0 when none is (for the package's tests).
   */
  _live() {
    return this.#api.live();
  }
}

/** A position of a game, with the moves that led to it from its start. */
export class Position {
  #b;
  #fen;
  #turn;

  /** @internal */
  constructor(b, d, start, line, before = null, lastMove = null) {
    this.#b = b;
    this.#fen = d.fen;
    this.#turn = d.turn;
    /** The ruleset's text, as bashni writes it. */
    this.variant = d.variant;
    /** The board's width and height in squares: 8, or 7 for Lasca. */
    this.size = d.size;
    /** The FEN of the game's start. */
    this.start = start;
    /** The moves played from the start to here. */
    this.line = line;
    /** The FEN before the last move, or null. */
    this.before = before;
    /** The last move played, or null. */
    this.lastMove = lastMove;
    Object.freeze(this.line);
  }

  /** The FEN; with {numbers: true}, squares by number (PDN's N2, 1 = b8). */
  fen(options) {
    if (options?.numbers) return this.#b._call('numberedFEN', this.variant, this.#fen);
    return this.#fen;
  }
  turn() { return this.#turn; }
  legalMoves() { return this.#b._call('legalMoves', this.variant, this.#fen); }
  moves() { return this.#b._call('moves', this.variant, this.#fen); }
  play(move) {
    const d = this.#b._call('play', this.variant, this.#fen, move);
    return new Position(this.#b, d, this.start, [...this.line, d.move], this.#fen, d.move);
  }
  outcome() { return this.#b._call('outcome', this.variant, this.start, this.line); }
  perft(depth) { return this.#b._call('perft', this.variant, this.#fen, depth); }
  matchPath(squares) { return this.#b._call('matchPath', this.variant, this.#fen, squares); }
  towers() { return this.#b._call('towers', this.variant, this.#fen); }
  toString() { return this.#fen; }
}
