//go:build js && wasm

// Command wasm is the reference in the explorer's pages: package ref,
// rules, render and explain compiled to WebAssembly (GOOS=js GOARCH=wasm),
// which qf explore builds and embeds in the site. It sets a global object
// qf with two functions:
//
//	qf.explain(input, profile) // the JSON of explain.Explanation.JSON, as a string; profile "strict" or "lenient"
//	qf.board(code, move, flags) // the SVG of package render, or "" with qf.lastError set
//
// and then waits, serving calls, for as long as the page lives.
package main

import (
	"encoding/json"
	"strings"
	"syscall/js"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/render"
)

func main() {
	qf := js.Global().Get("Object").New()
	qf.Set("explain", js.FuncOf(func(this js.Value, args []js.Value) any {
		p, err := ref.ParseProfile(args[1].String())
		if err != nil {
			qf.Set("lastError", err.Error())
			return ""
		}
		b, _ := json.Marshal(explain.Code(args[0].String(), p).JSON())
		return string(b)
	}))
	qf.Set("board", js.FuncOf(func(this js.Value, args []js.Value) any {
		svg, err := board(args[0].String(), args[1].Int(), args[2].Int())
		if err != nil {
			qf.Set("lastError", err.Error())
			return ""
		}
		return svg
	}))
	js.Global().Set("qf", qf)
	if ready := js.Global().Get("qfReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// board draws the position of code, strictly decoded, after move moves of
// its record.
func board(code string, move, flags int) (string, error) {
	v, err := ref.Decode(code)
	if err != nil {
		return "", err
	}
	b, err := render.BoardOf(v, move)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	err = render.SVG(&sb, b, flags)
	return sb.String(), err
}
