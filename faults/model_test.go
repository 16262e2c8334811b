package faults

import (
	"fmt"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// TestCompatibleTable: the table Compatible reads for the catalogue's
// faults says what their knobs say.
func TestCompatibleTable(t *testing.T) {
	for _, f := range Catalogue {
		for _, g := range Catalogue {
			if _, want := f.knobs.with(g.knobs); Compatible(f, g) != want {
				t.Errorf("Compatible(%s, %s) = %v, want %v", f.Name, g.Name, !want, want)
			}
		}
	}
}

// TestCrashOnlyByDesign: the model of a fault beside zero-fill, whose
// reader reads on past the end of the bits, crashes on no code of the
// vectors, unless the fault is a crash.
func TestCrashOnlyByDesign(t *testing.T) {
	zeroFill, _ := Named("zero-fill")
	var reqs []*protocol.Request
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Tests {
			if req := c.Request(&f.Tests[i]); req.Code != nil {
				reqs = append(reqs, req)
			}
		}
	}
	for _, f := range Catalogue {
		if f.knobs.CrashOnShort || f.knobs.CrashOnEmpty || !Compatible(f, zeroFill) {
			continue
		}
		h := Model(f, zeroFill)
		for _, req := range reqs {
			if msg := panics(h, req); msg != "" {
				t.Errorf("%s with zero-fill: the model crashed on %s %q: %s", f.Name, req.Op, *req.Code, msg)
				break
			}
		}
	}
}

func panics(h protocol.Handler, req *protocol.Request) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	h.Handle(req)
	return ""
}
