package diagnosis_test

import (
	"bytes"
	"context"
	"os/exec"
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/examples"
	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// An outsider is an implementation the diagnosis was not built from: the
// Python example (examples/python, written from the spec), with a fault
// put in by hand, as a third party's code has one: no model of the
// catalogue is behind its answers.
type outsider struct {
	name    string
	patches []patch // applied in order to the example's files
	// family is the catalogue's family the fault belongs to, which the
	// diagnosis must name ("" for a fault the catalogue has no family
	// for); reporting, that a way of reporting errors must be named;
	// causes the most causes the diagnosis may give.
	family    string
	reporting bool
	causes    int
}

// A patch replaces text in a file of the example, once.
type patch struct{ file, old, new string }

// outsiders are the faulty copies of the example. Each is a fault as
// real code has it, not as the catalogue models it: refusals with kinds
// of its own, bounds of its own.
var outsiders = []outsider{
	{name: "url-safe alphabet", family: "base64-library", causes: 1, patches: []patch{
		{"qf.py", `0123456789+/"`, `0123456789-_"`},
	}},
	{name: "record-only decoder, States refused as invalid_character at char 0", family: "chunk-rejected", causes: 1, patches: []patch{
		{"qf.py", `    has_state, has_record = read(1, "flags.state"), read(1, "flags.record")
`, `    has_state, has_record = read(1, "flags.state"), read(1, "flags.record")
    if has_state:
        raise QfError("invalid_character", char=0)  # this library reads records only
`},
	}},
	// No model masks values and refuses squares 81-127 too: the masking
	// is named where the catalogue's model reproduces it, the way of
	// reporting its refusals is a cause, and a direction or a place too
	// large for the model's value (65536) masked is observed at its field.
	{name: "masking encoder, squares 81-127 refused as malformed", causes: 4, patches: []patch{
		{"qf.py", `        if v < 0 or v > (2**width - 1 if top is None else top):
            raise QfError("out_of_range", field=field)
`, `        if field in ("state.white", "state.black") and 80 < v < 128:
            raise QfError("malformed", field=field)
        v &= 2**width - 1  # fits the field
`},
	}},
	{name: "truncated codes padded with zeros", family: "zero-fill", causes: 2, patches: []patch{
		{"qf.py", `        nonlocal pos
`, `        nonlocal pos, total
`},
		{"qf.py", `        if pos + width > total:
            raise QfError("truncated", bit=pos, field=field)
`, `        while pos + width > total:
            sextets.append(0)
            total += 6
`},
	}},
	{name: "trailing characters ignored", family: "trailing-ignored", causes: 2, patches: []patch{
		{"qf.py", `    if len(sextets) > used:
        raise QfError("trailing_data", char=used)
`, `    sextets = sextets[:used]
`},
	}},
	{name: "an A appended to a code of whole characters", family: "extra-character", causes: 1, patches: []patch{
		{"qf.py", `    bits += [0] * (-len(bits) % 6)
`, `    bits += [0] * (6 - len(bits) % 6)
`},
	}},
	{name: "every error of one kind", reporting: true, causes: 1, patches: []patch{
		{"qf.py", `        self.obj = {"kind": kind}`, `        self.obj = {"kind": "bad_code"}`},
	}},
	{name: "walls sorted when decoding", family: "walls-reordered", causes: 1, patches: []patch{
		{"qf.py", `            state["walls"][player][o] = [read(6, f"{path}[{i}]") for i in range(n)]`,
			`            state["walls"][player][o] = sorted(read(6, f"{path}[{i}]") for i in range(n))`},
	}},
	{name: "no range check when decoding squares", family: "no-range-checks", causes: 1, patches: []patch{
		{"qf.py", `        state = {"white": read(7, "state.white", 80), "black": read(7, "state.black", 80), "walls": {"white": {}, "black": {}}}`,
			`        state = {"white": read(7, "state.white"), "black": read(7, "state.black"), "walls": {"white": {}, "black": {}}}`},
	}},
	{name: "walls never block a step", family: "step-wall-ignored", causes: 1, patches: []patch{
		{"rules.py", `        if board.blocked(x, y, dx, dy):
            return "wall_blocks_move"
`, ``},
	}},
	{name: "walls never checked for a path", family: "no-path-check", causes: 1, patches: []patch{
		{"rules.py", `        if not board.reaches(pawn[0], GOAL[0]) or not board.reaches(pawn[1], GOAL[1]):
            board.walls[o].discard(p)`, `        if False:
            board.walls[o].discard(p)`},
	}},
}

// copyExample copies examples/python into a new directory, with the
// patches applied, and returns the command that serves it.
func copyExample(t *testing.T, patches []patch) []string {
	t.Helper()
	var ps []examples.Patch
	for _, p := range patches {
		ps = append(ps, examples.Patch{File: p.file, Old: p.old, New: p.new})
	}
	cmd, err := examples.Python(t.TempDir(), ps...)
	if err != nil {
		t.Fatal(err)
	}
	return cmd
}

// Faults put by hand into an implementation written from the spec: each
// is named by its catalogue family, by one cause or a few, and no cause
// says what is not so: no family it lacks, no mechanism unverified, no
// cause of nothing; and each cause's claims hold when the implementation
// is asked again.
func TestOutsiders(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3: the outsiders are Python")
	}
	for _, o := range outsiders {
		t.Run(o.name, func(t *testing.T) {
			command := copyExample(t, o.patches)
			rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Command: command}})
			if err != nil {
				t.Fatal(err)
			}
			causes := rep.Causes
			if len(causes) == 0 {
				t.Fatalf("no cause: %s", rep.SummaryLine())
			}
			if len(causes) > o.causes {
				t.Errorf("%d causes, want at most %d: %s", len(causes), o.causes, summary(causes))
			}
			for _, c := range causes {
				truthful(t, o.name, c)
				if c.Kind.Family() && c.Name != o.family && !holds(pythonHandler(t, command), c) {
					t.Errorf("charged %s, a fault it lacks: %s", c.Name, c.Evidence)
				}
			}
			if o.family != "" && !slices.ContainsFunc(causes, func(c diagnosis.Cause) bool { return c.Kind.Family() && c.Name == o.family }) {
				t.Errorf("%s not named: %s", o.family, summary(causes))
			}
			if o.reporting && !slices.ContainsFunc(causes, func(c diagnosis.Cause) bool { return c.Kind == faults.Reporting }) {
				t.Errorf("no way of reporting named: %s", summary(causes))
			}
			reask(t, command, causes)
		})
	}
}

// reask asks the implementation the claims of the causes again, and
// checks that each holds: it answers as the claim says it did, and the
// reference answers as the claim says the spec requires. It reports
// whether they all held.
func reask(t *testing.T, command []string, causes []diagnosis.Cause) bool {
	t.Helper()
	held := true
	c, err := driver.Dial(context.Background(), driver.Options{Command: command})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		held = false
	}
	claims := 0
	for _, cause := range causes {
		for _, cl := range cause.Claims {
			claims++
			req := cl.Category.RequestOf(cl.Input)
			test, err := cl.Category.Expect(cl.Input, serve.Reference.Handle(req), "", "")
			if err != nil {
				t.Fatal(err)
			}
			if want := cl.Category.Want(&test); string(want) != string(cl.Want) {
				fail("%s: claim %s %q: the spec requires %s, not %s", cause.Name, cl.Category, cl.Input, want, cl.Want)
			}
			resp, _, err := c.Call(req)
			switch {
			case cl.Reason != "":
				if err == nil {
					fail("%s: claim %s %q: %s, but it answered %s", cause.Name, cl.Category, cl.Input, cl.Reason, suite.Shown(resp))
				}
			case err != nil:
				fail("%s: claim %s %q: it answered %s, but now %v", cause.Name, cl.Category, cl.Input, cl.Got, err)
			case !bytes.Equal(suite.Shown(resp), cl.Got):
				fail("%s: claim %s %q: it answered %s, but now %s", cause.Name, cl.Category, cl.Input, cl.Got, suite.Shown(resp))
			}
		}
	}
	if claims == 0 {
		fail("no claims")
	}
	return held
}

// pythonHandler returns the program command as a protocol.Handler, for
// holds: a call it fails to answer is a panic, which handle takes for a
// crash.
func pythonHandler(t *testing.T, command []string) protocol.Handler {
	t.Helper()
	c, err := driver.Dial(context.Background(), driver.Options{Command: command, MaxFailuresInARow: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return callHandler{c}
}

type callHandler struct{ c *driver.Client }

func (h callHandler) Handle(req *protocol.Request) *protocol.Response {
	resp, _, err := h.c.Call(req)
	if err != nil {
		panic(err)
	}
	return resp
}
