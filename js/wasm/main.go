//go:build js && wasm

// Command wasm is the WebAssembly side of the JavaScript package bashni
// (js/ of the repository): it puts an object on globalThis.__bashniWasm
// with the functions js/bashni.js wraps, and waits for calls. The logic is
// internal/wasmapi; this is only the conversion of values across the
// boundary.
//
//	GOOS=js GOARCH=wasm go build -ldflags="-s -w" -trimpath -o bashni.wasm ./js/wasm
//
// (js/scripts/build.mjs does that.)
package main

import (
	"context"
	"sync/atomic"
	"syscall/js"

	"github.com/bashni-dev/bashni/internal/wasmapi"
)

func main() {
	js.Global().Set("__bashniWasm", js.ValueOf(map[string]any{
		"call":   js.FuncOf(guarded(call)),
		"search": js.FuncOf(guarded(search)),
		"hub":    js.FuncOf(guarded(newHub)),
		"live":   js.FuncOf(live),
	}))
	select {}
}

// liveFuncs counts the functions made for one search or one Hub session
// (funcOf) and not released yet: each keeps its closure, and what it
// holds, until released.
var liveFuncs atomic.Int64

func funcOf(f func(js.Value, []js.Value) any) js.Func {
	liveFuncs.Add(1)
	return js.FuncOf(f)
}

func release(f js.Func) {
	f.Release()
	liveFuncs.Add(-1)
}

// live() answers {funcs, hubs}: the functions made for searches and Hub
// sessions and not released yet, and the Hub sessions running. The
// package's tests check that both come back to 0.
func live(js.Value, []js.Value) any {
	return js.ValueOf(map[string]any{"funcs": int(liveFuncs.Load()), "hubs": wasmapi.LiveHubs()})
}

// answer is what every function returns: {value} or {error: message}.
func answer(v any, err error) any {
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"value": jsValue(v)}
}

// guarded wraps a function JavaScript calls so that a panic in it (in
// converting the values; wasmapi catches its own) answers {error} rather
// than ending the Go program, and with it the module.
func guarded(f func(js.Value, []js.Value) any) func(js.Value, []js.Value) any {
	return func(this js.Value, argv []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = answer(nil, panicError(r))
			}
		}()
		return f(this, argv)
	}
}

// call(name, ...args) runs a method of wasmapi.
func call(_ js.Value, argv []js.Value) any {
	if len(argv) == 0 || argv[0].Type() != js.TypeString {
		return answer(nil, errorString("bashni: call: the method's name must be a string"))
	}
	args, err := goValues(argv[1:])
	if err != nil {
		return answer(nil, err)
	}
	return answer(wasmapi.Call(argv[0].String(), args))
}

// search(request, done) starts a search and calls done({value} or
// {error}) when it ends; it returns a function that stops it (the search
// then answers with the best move found so far).
func search(_ js.Value, argv []js.Value) any {
	if len(argv) != 2 || argv[1].Type() != js.TypeFunction {
		return answer(nil, errorString("bashni: search: want a request and a function"))
	}
	args, err := goValues(argv[:1])
	if err != nil {
		return answer(nil, err)
	}
	done := argv[1]
	ctx, cancel := context.WithCancel(context.Background())
	stop := funcOf(func(js.Value, []js.Value) any {
		cancel()
		return nil
	})
	go func() {
		defer cancel()
		v, err := wasmapi.Search(ctx, args)
		invoke(done, answer(v, err))
		// bashni.js drops its reference to stop when done is called.
		release(stop)
	}()
	return answer(stop, nil)
}

// hub(onLine, onEnd) starts a Hub session that answers through
// onLine(line) and returns {send(line) -> null or an error message,
// close()}. Once the session has ended (quit, close, or a panic) it calls
// onEnd(message), the error send gives from then on, and releases send and
// close: bashni.js calls neither after onEnd.
func newHub(_ js.Value, argv []js.Value) any {
	if len(argv) != 2 || argv[0].Type() != js.TypeFunction || argv[1].Type() != js.TypeFunction {
		return answer(nil, errorString("bashni: hub: want a function to call with each line and one to call at the end"))
	}
	onLine, onEnd := argv[0], argv[1]
	var h *wasmapi.Hub
	send := funcOf(func(_ js.Value, argv []js.Value) any {
		if len(argv) != 1 || argv[0].Type() != js.TypeString {
			return "bashni: hub: send takes one string, a line"
		}
		if err := h.Send(argv[0].String()); err != nil {
			return err.Error()
		}
		return nil
	})
	closeHub := funcOf(func(js.Value, []js.Value) any {
		h.Close()
		return nil
	})
	// JavaScript calls send and close only after this returns, with h set.
	h = wasmapi.NewHub(func(line string) { invoke(onLine, line) }, func(err error) {
		invoke(onEnd, err.Error())
		release(send)
		release(closeHub)
	})
	return answer(map[string]any{"send": send, "close": closeHub}, nil)
}

// invoke calls a JavaScript function from a goroutine. bashni.js wraps the
// functions it passes so that they do not throw; should one throw all the
// same, the exception is dropped here rather than ending the Go program.
func invoke(f js.Value, arg any) {
	defer func() { _ = recover() }()
	f.Invoke(arg)
}
