package servetest

// Alone is the source of a main package that serves the reference and
// links nothing of qf but what that needs: protocol.Serve over
// serve.Reference. Built in a directory of the module that exists only
// in a build's overlay (package internal/mutation's Build), it is qf
// serve without the rest of qf; with a mutant of ref or rules in place,
// the mutant as a program; and the functions it links are those an
// answer of the reference can run.
const Alone = `package main

import (
	"os"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
)

func main() { protocol.Serve(os.Stdin, os.Stdout, serve.Reference) }
`
