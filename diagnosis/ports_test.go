package diagnosis_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	port "github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// A port's table is true: where it names a family of the catalogue for a
// fault, the models of the shapes it names answer every vector of the
// suite as the port's fault alone does (the same verdict, the same
// result), so that the family names the fault exactly; or, where it says
// the family names the fault partly, they answer some otherwise but
// decide as it (refuse, crash or answer a result) on nine in ten of the
// vectors that either answers otherwise than the reference.
func TestPortTablesTrue(t *testing.T) {
	for _, p := range port.Ports {
		for _, e := range p.Table {
			if e.Family == "" {
				continue
			}
			var fs []*faults.Fault
			for _, v := range e.Variants {
				f, ok := faults.Named(v)
				if !ok || f.Family != e.Family {
					t.Fatalf("%s: %s: no shape %s of family %s", p.Name, e.Fault, v, e.Family)
				}
				fs = append(fs, f)
			}
			model, alone, none := faultstest.Model(fs...), port.New(e.Fault), port.New()
			differ, decide, either := 0, 0, 0
			for _, v := range suiteVectors() {
				req := v.cat.Request(v.test)
				a, b, ref := resultOf(model, req), resultOf(alone, req), resultOf(none, req)
				if a != ref || b != ref {
					either++
				}
				if a != b {
					differ++
					if decision(a) != decision(b) {
						decide++
					}
					if !e.Partly {
						t.Errorf("%s: %s and its shapes %s answer %s otherwise: %.100s, %.100s", p.Name, e.Fault, e.Variants, v.test.ID, b, a)
					}
				}
			}
			if e.Partly && (differ == 0 || 10*decide > either) {
				t.Errorf("%s: %s is partly %s, yet its shapes answer %d of %d vectors otherwise, %d deciding otherwise", p.Name, e.Fault, e.Variants, differ, either, decide)
			}
		}
	}
}

// A vector of the suite, and its category.
type vector struct {
	cat  suite.Category
	test *vectors.Test
}

// suiteVectors returns every vector of the suite, loaded once (tests).
func suiteVectors() []vector {
	var out []vector
	for _, v := range tests() {
		out = append(out, vector{v.cat, v.test})
	}
	return out
}

// resultOf returns h's answer to req without its error's details, which
// a way of reporting errors changes: "crash", "error", or the result as
// JSON.
func resultOf(h protocol.Handler, req *protocol.Request) (s string) {
	defer func() {
		if recover() != nil {
			s = "crash"
		}
	}()
	r := h.Handle(req)
	if r.Error != nil {
		return "error"
	}
	r.ID = nil
	b, _ := json.Marshal(r)
	return string(b)
}

// decision returns what an answer of resultOf decides: a crash, a
// refusal, or a result.
func decision(result string) string {
	if result == "crash" || result == "error" {
		return result
	}
	return "result"
}

// answerOf returns h's whole answer to req, its error's message left out.
func answerOf(h protocol.Handler, req *protocol.Request) (s string) {
	defer func() {
		if recover() != nil {
			s = "crash"
		}
	}()
	r := h.Handle(req)
	r.ID = nil
	if r.Error != nil {
		e := *r.Error
		e.Message = ""
		r.Error = &e
	}
	b, _ := json.Marshal(r)
	return string(b)
}

// A verdict on a port's diagnosis: how each fault of its table fared.
type portVerdict struct {
	faults, named, false int
	lines                []string
	wrong                []string // the lines of faults not named, and of false charges
}

// checkPort runs the vectors against port p and judges its diagnosis by
// p's table. A failing vector is a fault's when the port without that
// fault answers it otherwise; its own when it is that fault's alone (a
// vector that two faults each fail alike is no one's). A fault's cause
// is the cause that holds the most of its own failures (of all its
// failures, when no cause holds most of its own). A fault the table gives
// a family is named when a cause of that family holds a failure of it and
// is of no other fault (of the cause's failures whose faults are told,
// four in five are its or its family's); a fault the table gives none is
// named when its cause is no family of the catalogue and not the
// unexplained. Failures a mechanism's model does not reproduce go to the
// causes of their place and way, which several faults may share. No
// cause may charge a family no fault of the table is.
func checkPort(t *testing.T, p *port.Port, vs []vector) portVerdict {
	t.Helper()
	rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Handler: p.New(), MaxFailuresInARow: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, r := range rep.Results {
		if r.Status == suite.Fail {
			failed[r.ID] = true
		}
	}
	causeOf := map[string]int{}
	for k, c := range rep.Causes {
		for _, id := range c.IDs {
			causeOf[id] = k
		}
	}
	whose := whoseFailures(p, vs, failed)
	var out portVerdict
	families := map[string]bool{}
	for _, e := range p.Table {
		families[e.Family] = true
		var own, all []string
		for id, fs := range whose {
			if slices.Contains(fs, e.Fault) {
				all = append(all, id)
				if len(fs) == 1 {
					own = append(own, id)
				}
			}
		}
		if len(all) == 0 {
			continue // hidden by the others
		}
		out.faults++
		best, most := mostHeld(own, causeOf)
		if 2*most <= len(own) {
			best, most = mostHeld(all, causeOf)
		}
		reporting := false
		if len(e.Variants) > 0 {
			f, _ := faults.Named(e.Variants[0])
			reporting = f.Kind == faults.Reporting
		}
		if e.Family != "" {
			// The family's cause, where one holds a failure of it.
			for k, c := range rep.Causes {
				if reporting && c.Kind == faults.Reporting || c.Kind.Family() && c.Name == e.Family {
					if n := heldBy(all, causeOf, k); n > 0 {
						best, most = k, n
					}
				}
			}
		}
		c := rep.Causes[best]
		ofIt, told := 0, 0 // of the cause's failures whose faults are told, its
		for _, id := range c.IDs {
			if len(whose[id]) > 0 {
				told++
			}
			if slices.ContainsFunc(whose[id], func(f port.Fault) bool { return f == e.Fault || e.Family != "" && familyOf(p, f) == e.Family }) {
				ofIt++ // its, or a fault's of its family, which is one cause
			}
		}
		family := e.Family != "" && (reporting && c.Kind == faults.Reporting || c.Kind.Family() && c.Name == e.Family && (e.Partly || containsAll(c.Variants, e.Variants)))
		line := fmt.Sprintf("%s: %d of its %d failures (%d its own) under %s %q, %d of whose %d are its", e.Fault, most, len(all), len(own), c.Kind, c.Name, ofIt, told)
		switch {
		case e.Family == "" && c.Kind.Family() && !holds(p.New(), c):
			line += " - WRONG: named by a family whose model does not hold"
		case c.Kind == faults.Unexplained || most == 0:
			line += " - UNNAMED"
		case e.Family != "" && !(reporting && c.Kind == faults.Reporting || c.Kind.Family() && c.Name == e.Family):
			line += " - UNNAMED by its family"
		case (c.Kind.Family() || c.Kind == faults.Reporting) && 5*ofIt < 4*told:
			line += " - SHARED with other faults"
		default:
			out.named++
			if e.Family != "" && !family {
				line += fmt.Sprintf(" (the table's family %s %s is not charged)", e.Family, e.Variants)
			}
		}
		out.lines = append(out.lines, line)
		if strings.Contains(line, " - ") {
			out.wrong = append(out.wrong, line)
		}
	}
	for _, c := range rep.Causes {
		if c.Kind.Family() && !families[c.Name] && !holds(p.New(), c) {
			line := fmt.Sprintf("FALSE: %s %q charged, and its model does not hold: %s", c.Kind, c.Name, c.Evidence)
			out.lines = append(out.lines, line)
			out.wrong = append(out.wrong, line)
			out.false++
		}
	}
	sort.Strings(out.lines)
	return out
}

// whoseFailures returns whose each failure of the port is: the faults
// without which it is answered otherwise.
func whoseFailures(p *port.Port, vs []vector, failed map[string]bool) map[string][]port.Fault {
	whole := p.New()
	whose := map[string][]port.Fault{}
	for _, e := range p.Table {
		without := port.New(slices.DeleteFunc(slices.Clone(p.Faults), func(f port.Fault) bool { return f == e.Fault })...)
		for _, v := range vs {
			if req := v.cat.Request(v.test); failed[v.test.ID] && answerOf(whole, req) != answerOf(without, req) {
				whose[v.test.ID] = append(whose[v.test.ID], e.Fault)
			}
		}
	}
	return whose
}

// mostHeld returns the cause (its index, by causeOf) that holds the most
// of the failures ids, the first on a tie, and how many it holds.
func mostHeld(ids []string, causeOf map[string]int) (best, most int) {
	held := map[int]int{}
	for _, id := range ids {
		held[causeOf[id]]++
	}
	for k, n := range held {
		if n > most || n == most && k < best {
			best, most = k, n
		}
	}
	return best, most
}

// heldBy returns how many of the failures ids cause k holds.
func heldBy(ids []string, causeOf map[string]int, k int) int {
	n := 0
	for _, id := range ids {
		if causeOf[id] == k {
			n++
		}
	}
	return n
}

// familyOf returns the family the table of p gives fault f.
func familyOf(p *port.Port, f port.Fault) string {
	for _, e := range p.Table {
		if e.Fault == f {
			return e.Family
		}
	}
	return ""
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// Each port of a public implementation, with 7 to 15 faults at once of
// shapes in the catalogue and out of it: the diagnosis names each fault
// by a cause of its own that says what it does, and charges no fault
// falsely (checkPort).
func TestPorts(t *testing.T) {
	vs := suiteVectors()
	for i := range port.Ports {
		p := &port.Ports[i]
		v := checkPort(t, p, vs)
		t.Logf("%s: %d faults seen, %d named, %d false charges\n%s", p.Name, v.faults, v.named, v.false, strings.Join(v.lines, "\n"))
		for _, w := range v.wrong {
			t.Errorf("%s: %s", p.Name, w)
		}
		if v.faults < len(p.Table)-1 {
			t.Errorf("%s: %d of its %d faults seen by the vectors", p.Name, v.faults, len(p.Table))
		}
	}
}
