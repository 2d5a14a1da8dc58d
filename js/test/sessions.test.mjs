// Hub sessions and searches end without leaving anything behind on the Go
// side: the functions made for them are released and no session keeps
// running, and a session that has ended says so when sent a line. This
// file's tests run alone in their process, so the counts start at 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bashni } from './helpers.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc'); // a context made after the flag has gc

async function waitFor(cond, what) {
  for (let i = 0; i < 3000; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`timed out waiting for ${what}: ${JSON.stringify(bashni._live())}`);
}

const nothingLive = () => bashni._live().funcs === 0 && bashni._live().hubs === 0;

test('many Hub sessions opened and closed leave none behind', async () => {
  assert.deepEqual(bashni._live(), { funcs: 0, hubs: 0 });
  const n = 100;
  const pongs = [];
  const sessions = [];
  for (let i = 0; i < n; i++) {
    const h = bashni.hub((l) => pongs.push(l));
    h.send('ping');
    if (i % 50 === 0) {
      h.send('level infinite'); // some close in the middle of a search
      h.send('go analyze');
    }
    sessions.push(h);
  }
  // each session has its send and close
  assert.deepEqual(bashni._live(), { funcs: 2 * n, hubs: n });
  await waitFor(() => pongs.filter((l) => l === 'pong').length === n, 'the pongs');
  for (const h of sessions) h.close();
  await waitFor(nothingLive, 'the sessions to end');
  for (const h of sessions) {
    assert.throws(() => h.send('ping'), /^Error: bashni: hub: the session is closed$/);
    h.close(); // a second close does nothing
  }
  assert.deepEqual(bashni._live(), { funcs: 0, hubs: 0 });
});

test('a session that quits ends and is released without close', async () => {
  const lines = [];
  const h = bashni.hub((l) => lines.push(l));
  h.send('ping');
  h.send('quit');
  await waitFor(nothingLive, 'the session to end');
  assert.deepEqual(lines, ['pong']);
  assert.throws(() => h.send('ping'), /^Error: bashni: the hub session has ended \(quit or close\)$/);
  h.close();
});

test('searches, finished or stopped, leave nothing behind', async () => {
  const r = await bashni.search({ variant: 'russian', depth: 2 });
  assert.equal(r.stop, 'depth');
  await waitFor(nothingLive, 'the finished search\'s stop to be released');
  const ac = new AbortController();
  const pending = bashni.search({ variant: 'lasca', movetime: 60000, signal: ac.signal });
  assert.deepEqual(bashni._live(), { funcs: 1, hubs: 0 }, 'a search under way has its stop');
  ac.abort();
  assert.equal((await pending).stop, 'cancelled');
  await waitFor(nothingLive, 'the stopped search\'s stop to be released');
});

test('a session dropped without close is closed once it is garbage', async () => {
  const pongs = [];
  (() => {
    for (let i = 0; i < 10; i++) bashni.hub((l) => pongs.push(l)).send('ping');
  })();
  await waitFor(() => pongs.length === 10, 'the pongs');
  assert.equal(bashni._live().hubs, 10);
  await waitFor(() => {
    gc();
    return nothingLive();
  }, 'the dropped sessions to be closed');
});
