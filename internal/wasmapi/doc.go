// Package wasmapi is the logic of the JavaScript package (js/ of the
// repository): the functions that package exports, on the values that
// cross the boundary between JavaScript and Go (nil, bool, float64,
// string, []any and map[string]any from JavaScript, and Object, []any and
// the scalars back to it),
// so that it is tested natively. The thin syscall/js layer is js/wasm.
//
// Call runs one method by name; Methods lists them. A position travels as
// the text of its ruleset and its FEN; every call parses them again, so
// nothing is kept between calls and nothing leaks. Errors are returned as
// errors, whose text the JavaScript side throws; a panic is turned into an
// error by Call, so that a bug ends one call and not the module.
package wasmapi

// Object is a JavaScript object whose fields keep their order (a Go map
// would give them in a random one).
type Object []Field

// Field is one field of an Object.
type Field struct {
	Key   string
	Value any
}

// Get returns the value of the field key, or nil.
func (o Object) Get(key string) any {
	for _, f := range o {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}
