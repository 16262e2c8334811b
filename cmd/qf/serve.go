package main

import (
	"io"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
)

const serveSynopsis = `

Answers the conformance protocol (spec/protocol.md) on standard input and
output with the reference: hello, decode, encode, replay and validate, one
response line per request line, until the end of the input. It is what
qf check and qf fuzz check an implementation against.`

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", serveSynopsis, stdout, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	return protocol.Serve(stdin, stdout, serve.Reference)
}
