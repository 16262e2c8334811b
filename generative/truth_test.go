package generative

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/spec"
)

// qf fuzz says what qf check says, under the same rules (truthful, below):
// on a crash that takes its time, which is a crash, never a timeout, and
// on a fault of no model. TestFuzzNamesWhatCheckNames holds the rest.
func TestFuzzTruthful(t *testing.T) {
	t.Parallel()
	type impl struct {
		name    string
		opts    driver.Options
		n       int // cases
		crashes bool
	}
	var impls []impl
	timeout := measure.Allowance(300 * time.Millisecond)
	// Each of its processes crashes on its third request, taking its time:
	// a few cases are enough.
	slow := servetest.Command("QF_FAKE=slow-crash-3rd", "QF_FAKE_DELAY="+(timeout+50*time.Millisecond).String())
	impls = append(impls, impl{name: "slow-crash-3rd", opts: driver.Options{Command: slow, Timeout: timeout}, n: 12, crashes: true})
	// A fault of no model: lenient codes with junk after their eighth
	// character refused.
	impls = append(impls, impl{name: "refuses-late-junk", opts: driver.Options{Handler: refusesLateJunk{}}, n: 8000})
	for _, im := range impls {
		rep := mustRun(t, Options{Options: im.opts, N: im.n, Seed: 3})
		truthful(t, im.name, rep, nil)
		for _, c := range rep.Causes {
			if im.crashes && c.Kind == faults.Misbehaviour && c.Name == "timeout" {
				t.Errorf("%s: a crash diagnosed as a timeout: %s", im.name, c.Observed)
			}
		}
		if im.crashes && !slices.ContainsFunc(rep.Causes, func(c *Cause) bool { return c.Kind == faults.Misbehaviour && c.Name == "crash" }) {
			t.Errorf("%s: no crash: %s", im.name, names(rep))
		}
		// Where the time went: what the failures took, each.
		var text strings.Builder
		rep.WriteText(&text, false)
		if im.crashes && (rep.Lost < timeout || !regexp.MustCompile(`restarts: \d+, .*they took [\d.]+ s of the run's [\d.]+ s \(\d+%\), [\d.]+ s each`).MatchString(text.String())) {
			t.Errorf("%s: lost %v; the report says nothing of what the failures took:\n%s", im.name, rep.Lost, text.String())
		}
	}
}

// truthful checks what every report must hold: each cause explains a
// disagreement, at least as many as its examples; says what was
// observed; names a fault of the catalogue only where the implementation
// has it (have, its families), and a mechanism nowhere else.
func truthful(t *testing.T, name string, rep *Report, have []string) {
	t.Helper()
	for _, c := range rep.Causes {
		what := name + ": cause " + string(c.Kind) + " " + c.Name
		if c.Failed == 0 || c.Failed < len(c.Findings) {
			t.Errorf("%s: %d disagreements, %d examples", what, c.Failed, len(c.Findings))
		}
		if c.Observed == "" {
			t.Errorf("%s: says nothing observed", what)
		}
		if c.Kind.Family() && !slices.Contains(have, c.Name) {
			t.Errorf("%s: a fault it does not have: %s", what, c.Evidence)
		}
		if !c.Kind.Modelled() && (len(c.Variants) > 0 || c.Flag != "" || strings.Contains(c.Fix, "layout table")) {
			t.Errorf("%s: names a mechanism no model verified: %q %q %q", what, c.Variants, c.Flag, c.Fix)
		}
	}
}

// refusesLateJunk is an implementation with a fault that no model of the
// catalogue has: it answers as the reference (package serve) but for a
// lenient code with a byte outside the alphabet after its eighth
// character, which it refuses as invalid_character there, as a mutant of
// ref's decoder did (its check of the characters it had not read forgot
// the profile).
type refusesLateJunk struct{}

func (refusesLateJunk) Handle(req *protocol.Request) *protocol.Response {
	if req.Op == protocol.Decode && req.Profile == "lenient" && req.Code != nil {
		code := *req.Code
		for i := 8; i < len(code); i++ {
			if !spec.InAlphabet(code[i : i+1]) {
				return &protocol.Response{Error: &spec.ErrorObject{Kind: "invalid_character", Char: &i}}
			}
		}
	}
	return serve.Reference.Handle(req)
}
