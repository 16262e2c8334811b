package faultstest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// Implementations are this package's implementations as servetest.Main
// serves them, by the name QF_FAKE gives: "mutant:NAME", each mutant of
// Catalogue and Realistic; "outsider:FAULT", package outsider with one
// of its faults; "port:NAME", each of outsider.Ports; and
// "list-realistic", which serves nothing: it prints the realistic sets, a
// line each, their names and faults (generative/testdata/realistic.sh
// reads them).
func Implementations() []*servetest.Implementation {
	var impls []*servetest.Implementation
	var list strings.Builder
	for _, m := range slices.Concat(Catalogue, Realistic) {
		impls = append(impls, &servetest.Implementation{Name: "mutant:" + m.Name, Handler: m.Handler, Faults: names(m.Faults, func(f *faults.Fault) string { return f.Name })})
	}
	for _, m := range Realistic {
		fmt.Fprintln(&list, m.Name, strings.Join(names(m.Faults, func(f *faults.Fault) string { return f.Name }), " "))
	}
	for _, f := range outsider.Faults {
		impls = append(impls, &servetest.Implementation{Name: "outsider:" + string(f), Handler: func() protocol.Handler { return outsider.New(f) }, Faults: []string{string(f)}})
	}
	for _, p := range outsider.Ports {
		impls = append(impls, &servetest.Implementation{Name: "port:" + p.Name, Handler: p.New, Faults: names(p.Faults, func(f outsider.Fault) string { return string(f) })})
	}
	return append(impls, &servetest.Implementation{Name: "list-realistic", Serve: func() { fmt.Print(list.String()) }})
}

// names returns the name of each of xs.
func names[T any](xs []T, name func(T) string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, name(x))
	}
	return out
}
