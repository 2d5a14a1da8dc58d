package wasmapi

import (
	"errors"
	"io"
	"strings"

	"github.com/bashni-dev/bashni/pdn"
)

// readPDN answers (text) with its games, each with its tags as [name,
// value] pairs in the order read (the JavaScript side makes them an
// object), its ruleset, start FEN, moves, result and what is wrong with it.
// A game that cannot be read has no moves and its error in errors; the
// games after it are read.
func readPDN(a args) (any, error) {
	text, err := a.str(0, "the PDN text")
	if err != nil {
		return nil, err
	}
	r := pdn.NewReader(strings.NewReader(text))
	var out []any
	for {
		g, err := r.Next()
		var ge *pdn.GameError
		switch {
		case err == io.EOF:
			return append([]any{}, out...), nil
		case errors.As(err, &ge):
			out = append(out, Object{
				{"tags", tagPairs(ge.Tags)}, {"variant", nil}, {"fen", nil}, {"moves", []any{}},
				{"result", nil}, {"errors", []any{ge.Error()}}})
		case err != nil:
			return nil, err
		default:
			out = append(out, gameObject(g))
		}
	}
}

func gameObject(g *pdn.Game) Object {
	result := g.ResultText
	if result == "" {
		result = g.Game().Outcome().Result.String()
	}
	warnings := make([]any, len(g.Warnings))
	for i, w := range g.Warnings {
		warnings[i] = w.Error()
	}
	return Object{
		{"tags", tagPairs(g.Tags)},
		{"variant", g.Game().Variant().String()},
		{"fen", g.Game().Start().FEN()},
		{"moves", inOrder(g.Game().Start(), g.Game().Moves())},
		{"result", result},
		{"errors", warnings}}
}

func tagPairs(tags []pdn.Tag) []any {
	out := make([]any, len(tags))
	for i, t := range tags {
		out[i] = []any{t.Name, t.Value}
	}
	return out
}

// writePDN answers ({variant, fen, moves, tags, result}) with the game as
// PDN text; tags are [name, value] pairs. The Result, GameType and FEN tags
// come from the game, as pdn.Writer writes them; result ends a game the
// rules have not ended (a resignation, an agreed draw), as readPDN reads it.
func writePDN(a args) (any, error) {
	o, err := a.object(0, "the game")
	if err != nil {
		return nil, err
	}
	g, err := o.game()
	if err != nil {
		return nil, err
	}
	tags, err := o.tags("tags")
	if err != nil {
		return nil, err
	}
	result, err := o.str("result")
	if err != nil {
		return nil, err
	}
	pg := pdn.NewGame(g, tags...)
	if result != "" {
		res, err := pdn.ParseResult(result)
		if err != nil {
			return nil, o.errorf("result: %v", err)
		}
		if err := pdn.ApplyResult(g, res); err != nil {
			return nil, err
		}
		pg.ResultText = result
	}
	text, err := pg.MarshalText()
	if err != nil {
		// What the writer refuses is in the argument: a tag's name, too
		// many tags.
		return nil, o.errorf("%s", strings.TrimPrefix(err.Error(), "pdn: "))
	}
	return string(text), nil
}

// tags reads [name, value] pairs.
func (o options) tags(key string) ([]pdn.Tag, error) {
	v := o.m[key]
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, o.errorf("%s must be an object of strings, not %s", key, typeName(v))
	}
	tags := make([]pdn.Tag, len(list))
	for i, e := range list {
		pair, ok := e.([]any)
		if !ok || len(pair) != 2 {
			return nil, o.errorf("%s: entry %d is not a [name, value] pair", key, i+1)
		}
		name, nok := pair[0].(string)
		value, vok := pair[1].(string)
		if !nok || !vok {
			return nil, o.errorf("%s: the tag %v must have a string value", key, pair[0])
		}
		tags[i] = pdn.Tag{Name: name, Value: value}
	}
	return tags, nil
}
