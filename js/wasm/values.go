//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bashni-dev/bashni/internal/wasmapi"
)

type errorString string

func (e errorString) Error() string { return string(e) }

func panicError(r any) error {
	if err, ok := r.(error); ok {
		return errorString("bashni: internal error: " + err.Error())
	}
	if s, ok := r.(string); ok {
		return errorString("bashni: internal error: " + s)
	}
	return errorString("bashni: internal error")
}

// maxDepth bounds the nesting of arrays and objects an argument may have:
// the API takes at most arrays of pairs inside an object.
const maxDepth = 8

// maxItems bounds the elements of an array or the fields of an object.
const maxItems = 1 << 20

// goValues converts JavaScript arguments to the values wasmapi reads:
// string, float64, bool, nil (undefined, null), []any and map[string]any.
func goValues(argv []js.Value) ([]any, error) {
	out := make([]any, len(argv))
	for i, v := range argv {
		var err error
		if out[i], err = goValue(v, 0); err != nil {
			return nil, err
		}
	}
	return out, nil
}

var (
	array  = js.Global().Get("Array")
	object = js.Global().Get("Object")
)

func goValue(v js.Value, depth int) (any, error) {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil, nil
	case js.TypeString:
		return v.String(), nil
	case js.TypeNumber:
		return v.Float(), nil
	case js.TypeBoolean:
		return v.Bool(), nil
	case js.TypeObject:
		if depth >= maxDepth {
			return nil, errorString("bashni: an argument nests arrays or objects too deep")
		}
		keys := v
		isArray := array.Call("isArray", v).Bool()
		if !isArray {
			keys = object.Call("keys", v)
		}
		n := keys.Length()
		if n > maxItems {
			return nil, errorString("bashni: an argument has too many elements")
		}
		if isArray {
			list := make([]any, n)
			for i := range n {
				e, err := goValue(v.Index(i), depth+1)
				if err != nil {
					return nil, err
				}
				list[i] = e
			}
			return list, nil
		}
		m := make(map[string]any, n)
		for i := range n {
			k := keys.Index(i).String()
			e, err := goValue(v.Get(k), depth+1)
			if err != nil {
				return nil, err
			}
			m[k] = e
		}
		return m, nil
	}
	return nil, errorString("bashni: an argument is a " + v.Type().String() + ", which the API does not take")
}

// jsValue converts what wasmapi returns to JavaScript: an Object to an
// object with its fields in order, []any to an array, the rest as
// js.ValueOf does (js.Value, js.Func, nil, bool, float64, string).
func jsValue(v any) any {
	switch v := v.(type) {
	case wasmapi.Object:
		o := object.New()
		for _, f := range v {
			o.Set(f.Key, jsValue(f.Value))
		}
		return o
	case []any:
		a := array.New(len(v))
		for i, e := range v {
			a.SetIndex(i, jsValue(e))
		}
		return a
	}
	return v
}
