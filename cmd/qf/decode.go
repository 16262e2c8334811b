package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/qf-format/qf-conformance/explain"
	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

const decodeSynopsis = `[-lenient] [-json] [CODE...]

Prints each code's value as canonical JSON (spec/qf.md), or its
positioned error on standard error. Codes are the arguments, or the lines
of standard input when there are none or where an argument is "-".

With -json, prints one line per code, in input order, for batch use: the
value as {"value": V}, or the error object of spec/protocol.md as
{"error": {"kind": ..., "bit" or "char": ..., "field": ..., "message": ...}};
standard error stays quiet.

Exit status 1 when a code is rejected.

flags:`

func runDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("decode", decodeSynopsis, stdout, stderr)
	lenient := fs.Bool("lenient", false, "decode leniently: delete characters outside the alphabet, ignore trailing data and padding")
	lines := fs.Bool("json", false, "print one JSON line per code: {\"value\": V} or {\"error\": E}")
	if err := parse(fs, args); err != nil {
		return err
	}
	profile := ref.Strict
	if *lenient {
		profile = ref.Lenient
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	failed := false
	err := eachCode(fs, args, stdin, stderr, func(code string) error {
		v, err := profile.Decode(code)
		switch {
		case err != nil && *lines:
			failed = true
			var e *ref.Error
			if !errors.As(err, &e) {
				return err
			}
			return writeLine(out, struct {
				Error *spec.ErrorObject `json:"error"`
			}{e.Object()})
		case err != nil:
			failed = true
			out.Flush()
			fmt.Fprintf(stderr, "qf decode: %s: %v (qf explain shows where)\n", explain.Short(code), err)
			return nil
		case *lines:
			return writeLine(out, struct {
				Value *ref.Value `json:"value"`
			}{v})
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s\n", b)
		return nil
	})
	if err != nil {
		return err
	}
	if failed {
		return errReported
	}
	return nil
}

// writeLine writes v as one line of JSON.
func writeLine(w io.Writer, v any) error {
	b, err := jsonstring.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}
