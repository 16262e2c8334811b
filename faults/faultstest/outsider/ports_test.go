package outsider_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qf-format/qf-conformance/faults/faultstest/outsider"
	"github.com/qf-format/qf-conformance/suite"
)

// TestPortTables checks the ports' tables as data: 7 to 15 faults each,
// every one a fault of Faults, listed once, and the port's Faults those
// of its table; a family with its variants, or neither; a sentence for
// each; and a fault in two ports given the same family.
func TestPortTables(t *testing.T) {
	if len(outsider.Ports) != 4 {
		t.Errorf("%d ports, want 4", len(outsider.Ports))
	}
	families := map[outsider.Fault]string{}
	names := map[string]bool{}
	for _, p := range outsider.Ports {
		if p.Name == "" || names[p.Name] || p.Of == "" {
			t.Errorf("port %q: no name, a name repeated, or no Of", p.Name)
		}
		names[p.Name] = true
		if n := len(p.Table); n < 7 || n > 15 {
			t.Errorf("%s: %d faults, want 7 to 15", p.Name, n)
		}
		seen := map[outsider.Fault]bool{}
		var faults []outsider.Fault
		for _, e := range p.Table {
			faults = append(faults, e.Fault)
			if !slices.Contains(outsider.Faults, e.Fault) {
				t.Errorf("%s: no fault %q", p.Name, e.Fault)
			}
			if seen[e.Fault] {
				t.Errorf("%s: %s listed twice", p.Name, e.Fault)
			}
			seen[e.Fault] = true
			if e.Does == "" || strings.Contains(e.Does, "\n") {
				t.Errorf("%s: %s: no one-line sentence", p.Name, e.Fault)
			}
			if (e.Family == "") != (len(e.Variants) == 0) {
				t.Errorf("%s: %s: family %q with variants %v", p.Name, e.Fault, e.Family, e.Variants)
			}
			family := e.Family + fmt.Sprint(e.Variants)
			if f, ok := families[e.Fault]; ok && f != family {
				t.Errorf("%s: %s: family %s, another port's %s", p.Name, e.Fault, family, f)
			}
			families[e.Fault] = family
		}
		if !slices.Equal(faults, p.Faults) {
			t.Errorf("%s: faults %v, its table's %v", p.Name, p.Faults, faults)
		}
	}
}

// answer is what a vector's result says of the answer: whether it
// passed, why not, and what was got.
type answer struct {
	status suite.Status
	reason suite.Reason
	got    string
}

func answers(entries []suite.Entry) map[string]answer {
	out := make(map[string]answer, len(entries))
	for _, e := range entries {
		out[e.ID] = answer{e.Status, e.Reason, string(bytes.TrimSpace(e.Got))}
	}
	return out
}

// TestPorts runs the suite against each port: with all its faults it
// passes fewer vectors than with none; each of its faults fails at least
// one vector alone, and changes at least one answer of the port, so that
// no fault of a port hides another from every vector.
func TestPorts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite several times per port")
	}
	t.Parallel()
	passed := func(entries []suite.Entry) int { return len(entries) - len(failures(entries)) }
	none := passed(runWith(t))
	for _, p := range outsider.Ports {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			all := run(t, p.New())
			if passed(all) >= none {
				t.Errorf("passes %d vectors, as many as without faults (%d)", passed(all), none)
			}
			full := answers(all)
			var mu sync.Mutex
			lines := map[outsider.Fault]string{}
			t.Cleanup(func() { // after the subtests
				var in []string
				for _, f := range p.Faults {
					in = append(in, lines[f])
				}
				t.Logf("%d faults: %d of %d vectors fail (%d without faults)\n%s",
					len(p.Faults), len(all)-passed(all), len(all), len(all)-none, strings.Join(in, "\n"))
			})
			for _, f := range p.Faults {
				t.Run(string(f), func(t *testing.T) {
					t.Parallel()
					alone := len(failures(runWith(t, f)))
					if alone == 0 {
						t.Errorf("%s alone fails no vector", f)
					}
					others := slices.DeleteFunc(slices.Clone(p.Faults), func(g outsider.Fault) bool { return g == f })
					changed := 0
					for id, a := range answers(runWith(t, others...)) {
						if full[id] != a {
							changed++
						}
					}
					if changed == 0 {
						t.Errorf("%s changes no answer of the port: another fault hides it", f)
					}
					mu.Lock()
					lines[f] = fmt.Sprintf("%-26s alone fails %4d, changes %4d answers of the port", f, alone, changed)
					mu.Unlock()
				})
			}
		})
	}
}
