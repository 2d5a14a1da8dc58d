package wasmapi

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
)

// A method reads its arguments, as JavaScript passed them, and returns a
// value syscall/js can convert.
type method func(a args) (any, error)

// methods are the synchronous methods, by the name the JavaScript side
// calls them with. Search and the Hub sessions are not among them: they
// run on their own goroutines (Search, NewHub).
var methods = map[string]method{
	"position":    position,
	"legalMoves":  legalMoves,
	"moves":       moves,
	"play":        play,
	"outcome":     outcome,
	"perft":       perft,
	"matchPath":   matchPath,
	"towers":      towers,
	"numberedFEN": numberedFEN,
	"readPDN":     readPDN,
	"writePDN":    writePDN,
	"svg":         drawSVG,
	"presets":     presets,
}

// Methods returns the names Call accepts, sorted.
func Methods() []string {
	names := make([]string, 0, len(methods))
	for name := range methods {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Call runs the method name on the arguments. A panic in it is returned as
// an error naming the method.
func Call(name string, argv []any) (v any, err error) {
	defer catch(name, &err)
	m, ok := methods[name]
	if !ok {
		return nil, fmt.Errorf("bashni: no method %q", name)
	}
	return m(args{name: name, v: argv})
}

// catch turns a panic into an error; deferred by everything that runs
// library code for JavaScript.
func catch(name string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("bashni: internal error in %s: %v (please report it with the input that caused it)\n%s", name, r, firstLines(string(debug.Stack()), 12))
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// args are a method's arguments as JavaScript passed them.
type args struct {
	name string
	v    []any
}

var errArg = errors.New("bad argument")

func (a args) errorf(i int, format string, x ...any) error {
	return fmt.Errorf("bashni: %s: argument %d: %w: %s", a.name, i+1, errArg, fmt.Sprintf(format, x...))
}

func (a args) get(i int) any {
	if i < len(a.v) {
		return a.v[i]
	}
	return nil
}

func (a args) str(i int, what string) (string, error) {
	s, ok := a.get(i).(string)
	if !ok {
		return "", a.errorf(i, "%s must be a string, not %s", what, typeName(a.get(i)))
	}
	return s, nil
}

// optStr is an optional string: "" when undefined or null.
func (a args) optStr(i int, what string) (string, error) {
	if a.get(i) == nil {
		return "", nil
	}
	return a.str(i, what)
}

func (a args) strs(i int, what string) ([]string, error) {
	return strings_(a.get(i), func(format string, x ...any) error { return a.errorf(i, format, x...) }, what)
}

func strings_(v any, errorf func(string, ...any) error, what string) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, errorf("%s must be an array of strings, not %s", what, typeName(v))
	}
	out := make([]string, len(list))
	for j, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, errorf("%s[%d] must be a string, not %s", what, j, typeName(e))
		}
		out[j] = s
	}
	return out, nil
}

// integer reads a whole number in [lo, hi].
func integer(v any, lo, hi int, errorf func(string, ...any) error, what string) (int, error) {
	f, ok := v.(float64)
	if !ok {
		return 0, errorf("%s must be a number, not %s", what, typeName(v))
	}
	if f != float64(int64(f)) || f < float64(lo) || f > float64(hi) {
		return 0, errorf("%s must be a whole number from %d to %d, not %v", what, lo, hi, f)
	}
	return int(f), nil
}

func (a args) int(i, lo, hi int, what string) (int, error) {
	return integer(a.get(i), lo, hi, func(format string, x ...any) error { return a.errorf(i, format, x...) }, what)
}

// object reads an options object; undefined and null are an empty one.
func (a args) object(i int, what string) (options, error) {
	switch v := a.get(i).(type) {
	case nil:
		return options{a: a, i: i}, nil
	case map[string]any:
		return options{a: a, i: i, m: v}, nil
	default:
		return options{}, a.errorf(i, "%s must be an object, not %s", what, typeName(v))
	}
}

// options are the fields of an options object.
type options struct {
	a args
	i int
	m map[string]any
}

func (o options) errorf(format string, x ...any) error { return o.a.errorf(o.i, format, x...) }

func (o options) str(key string) (string, error) {
	switch v := o.m[key].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	default:
		return "", o.errorf("%s must be a string, not %s", key, typeName(v))
	}
}

func (o options) bool(key string) (bool, error) {
	switch v := o.m[key].(type) {
	case nil:
		return false, nil
	case bool:
		return v, nil
	default:
		return false, o.errorf("%s must be true or false, not %s", key, typeName(v))
	}
}

// int reads a whole number; def when the field is absent.
func (o options) int(key string, lo, hi, def int) (int, error) {
	v, ok := o.m[key]
	if !ok || v == nil {
		return def, nil
	}
	return integer(v, lo, hi, o.errorf, key)
}

func (o options) strs(key string) ([]string, error) { return strings_(o.m[key], o.errorf, key) }

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "undefined"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
