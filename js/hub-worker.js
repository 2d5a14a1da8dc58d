// bashni/hub-worker.js: a Web Worker that speaks the Hub protocol (Scan's,
// as lidraughts' analysis and pydraughts talk it), one line per message both
// ways: post it a line such as 'hub' or 'go analyze', and each answer line
// comes back as a message. Start it as a module worker:
//
//   const w = new Worker(new URL('bashni/hub-worker.js', import.meta.url), { type: 'module' });
//   w.onmessage = (e) => console.log(e.data);
//   w.postMessage('hub');
//
// Lines sent while the WebAssembly module loads are answered once it has.
// A search lets the Worker's event loop run every 50 ms, so 'stop' ends it
// at once. A line the session cannot take (after quit, or not one line) is
// answered with an 'error message=...' line, as the protocol does.
import { load } from './bashni.js';

const waiting = [];
let hub = null;
let failed = null; // the error line of a module that did not load

function errorLine(message) {
  return `error message="${String(message).replace(/^bashni: /, '').replaceAll('"', "'").replaceAll('\n', ' ')}"`;
}

function send(line) {
  try {
    hub.send(line);
  } catch (e) {
    self.postMessage(errorLine(e.message));
  }
}

self.onmessage = (e) => {
  if (typeof e.data !== 'string') {
    self.postMessage(errorLine('a message must be one line of text'));
  } else if (hub) {
    send(e.data);
  } else if (failed) {
    self.postMessage(failed);
  } else {
    waiting.push(e.data);
  }
};

load().then(
  (b) => {
    hub = b.hub((line) => self.postMessage(line));
    for (const line of waiting.splice(0)) send(line);
  },
  (e) => {
    failed = errorLine(`the engine did not load: ${e.message}`);
    self.postMessage(failed);
    // each line waiting, and each line after, is answered with the error
    for (const _ of waiting.splice(0)) self.postMessage(failed);
  },
);
