package diagnosis_test

// The breaks: one-line faults put into the examples (issue 50's
// acceptance data), each with its truth written down before any
// diagnosis ran.
//
// Measuring the diagnosis of the breaks (testdata/breaks-before.md holds
// the numbers of the diagnosis before issue 50), from the repository's
// root:
//
//	go build -o /tmp/qf-before ./cmd/qf
//	QF_BREAKS_DIR=/tmp/breaks go test ./diagnosis -run 'TestBreaksWrite$' -count=1
//	# /tmp/breaks/NAME/ now holds the broken copy of each break, and
//	# /tmp/breaks/NAME/command its command (python3 .../serve.py or
//	# node .../serve.js), /tmp/breaks/NAME/truth.json its truth.
//	for d in /tmp/breaks/*/; do
//	  cmd=$(cat $d/command)
//	  /tmp/qf-before check -json $d/check.json -- $cmd >/dev/null 2>&1
//	  /tmp/qf-before fuzz -n 20000 -seed 7 -json $d/fuzz.json -- $cmd >/dev/null 2>&1
//	done
//
// then, for each break, the failures are the sum of "failed" over the
// check report's "summary"; the causes are the length of "causes" in
// check.json and in fuzz.json; and a cause is in a wrong part of the spec
// when what it says (its kind and name, not the categories of the tests
// it explains, since replay and validate decode too) is in none of the
// break's parts: a rule family, a facet of replays ("move:east"), a
// behaviour named for a violation ("no_path: not reported") or "the
// rules applied otherwise" are the rules; a layout family is decoding
// and encoding; a behaviour "decoding ..." decoding, "encoding ..."
// encoding. testdata/breaks-before.md has the script that counts them
// (Python: the reports hold lone surrogates, which jq refuses).

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/diagnosis"
	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/examples"
	"github.com/qf-format/qf-conformance/generative"
	"github.com/qf-format/qf-conformance/runner"
)

// A brokenExample is an example (examples/python or examples/js) with a
// fault put in by changing exactly one line, and the truth of that fault.
type brokenExample struct {
	name  string
	lang  string // "python" or "js"
	patch patch  // old and new are one whole line each, without its newline
	truth truth
}

// The truth of a break, written before any diagnosis of it ran: what a
// diagnosis should say.
type truth struct {
	// Parts are the parts of the spec the fault is in: "decoding",
	// "encoding", "rules".
	Parts []string `json:"parts"`
	// Fields are the layout's field paths it concerns ("state.turn",
	// "record.moves[].orientation"; "state.walls" for the order of the
	// wall groups, "*" for every field); Rules the rules (the violation
	// kind, or the R-n or V-n of spec/qf.md for a rule without one);
	// Checks the errors of a check it breaks ("trailing_data").
	Fields []string `json:"fields,omitempty"`
	Rules  []string `json:"rules,omitempty"`
	Checks []string `json:"checks,omitempty"`
	// Codec is whether it changes decoding only ("decoding"), encoding
	// only ("encoding"), both ("both"), or neither ("": a fault of the
	// rules, replay or validation of values decoded right).
	Codec string `json:"codec"`
	// Ops are the ops of spec/protocol.md whose answers it changes.
	Ops []string `json:"ops"`
	// Wrong says in a sentence what is wrong.
	Wrong string `json:"wrong"`
}

var (
	decoding = []string{"decoding"}
	encoding = []string{"encoding"}
	codec    = []string{"decoding", "encoding"}
	rulesOf  = []string{"rules"}
	// decodingOps are the ops that decode a code: decode, and replay and
	// validate, which take one.
	decodingOps = []string{"decode", "replay", "validate"}
)

// breaks are the broken examples: at least one of each kind of fault
// (a field's order, width, bit order, a bit inverted, a range, a check,
// a rule, an encoder's limit), in decoding, encoding, replay and
// validation, in both languages.
var breaks = []brokenExample{
	// examples/python
	{name: "py-groups-white-black", lang: "python", patch: patch{"qf.py",
		`GROUPS = [("white", "h"), ("white", "v"), ("black", "h"), ("black", "v")]`,
		`GROUPS = [("white", "h"), ("black", "h"), ("white", "v"), ("black", "v")]`},
		truth: truth{Parts: codec, Fields: []string{"state.walls"}, Codec: "both", Ops: []string{"decode", "encode", "replay", "validate"},
			Wrong: "The wall groups are read and written in the order white h, black h, white v, black v, not white h, white v, black h, black v."}},
	{name: "py-turn-9-bits", lang: "python", patch: patch{"qf.py",
		`        state["turn"] = read(10, "state.turn")`,
		`        state["turn"] = read(9, "state.turn")`},
		truth: truth{Parts: decoding, Fields: []string{"state.turn"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder reads the turn as 9 bits, not 10."}},
	{name: "py-orientation-read-inverted", lang: "python", patch: patch{"qf.py",
		`                orientation = "v" if read(1, path + ".orientation") else "h"`,
		`                orientation = "h" if read(1, path + ".orientation") else "v"`},
		truth: truth{Parts: decoding, Fields: []string{"record.moves[].orientation"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder reads a wall move's orientation bit inverted: 0 as vertical, 1 as horizontal."}},
	{name: "py-square-max-79", lang: "python", patch: patch{"qf.py",
		`        state = {"white": read(7, "state.white", 80), "black": read(7, "state.black", 80), "walls": {"white": {}, "black": {}}}`,
		`        state = {"white": read(7, "state.white", 79), "black": read(7, "state.black", 79), "walls": {"white": {}, "black": {}}}`},
		truth: truth{Parts: decoding, Fields: []string{"state.white", "state.black"}, Checks: []string{"out_of_range"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder refuses square 80 as out of range: its squares are 0-79, not 0-80."}},
	{name: "py-trailing-data-unchecked", lang: "python", patch: patch{"qf.py",
		`    if len(sextets) > used:`,
		`    if False and len(sextets) > used:`},
		truth: truth{Parts: decoding, Checks: []string{"trailing_data"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The strict decoder does not refuse the characters after the last field's character as trailing_data: it ignores them."}},
	{name: "py-padding-first-bit-unchecked", lang: "python", patch: patch{"qf.py",
		`    if any(bit(n) for n in range(pos, 6 * used)):`,
		`    if any(bit(n) for n in range(pos + 1, 6 * used)):`},
		truth: truth{Parts: decoding, Checks: []string{"nonzero_padding"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The strict decoder checks the padding bits from the second one: a 1 in the first padding bit alone is accepted."}},
	{name: "py-move-count-1024", lang: "python", patch: patch{"qf.py",
		`        put(len(moves), 10, "record.moves.count", 1023)`,
		`        put(len(moves), 10, "record.moves.count", 1024)`},
		truth: truth{Parts: encoding, Fields: []string{"record.moves.count"}, Checks: []string{"out_of_range"}, Codec: "encoding", Ops: []string{"encode"},
			Wrong: "The encoder accepts a record of 1024 moves, writing its count as 0, instead of refusing it as out_of_range."}},
	{name: "py-encoder-lsb-first", lang: "python", patch: patch{"qf.py",
		`        bits.extend((v >> k) & 1 for k in range(width - 1, -1, -1))`,
		`        bits.extend((v >> k) & 1 for k in range(width))`},
		truth: truth{Parts: encoding, Fields: []string{"*"}, Codec: "encoding", Ops: []string{"encode"},
			Wrong: "The encoder writes every field least significant bit first."}},
	{name: "py-step-wall-ignored-south", lang: "python", patch: patch{"rules.py",
		`        if board.blocked(x, y, dx, dy):`,
		`        if dy != -1 and board.blocked(x, y, dx, dy):`},
		truth: truth{Parts: rulesOf, Rules: []string{"wall_blocks_move"}, Ops: []string{"replay"},
			Wrong: "In replay a wall does not block a step south (direction 4); it still blocks the paths that no_path looks for."}},
	{name: "py-first-mover-inverted", lang: "python", patch: patch{"rules.py",
		`        to_move = 1 if s["last_move"]["player"] == "white" else 0`,
		`        to_move = 1 if s["last_move"]["player"] == "black" else 0`},
		truth: truth{Parts: rulesOf, Rules: []string{"R-2"}, Ops: []string{"replay"},
			Wrong: "After a State, replay makes the player who made the State's last move move first, not the other one."}},
	{name: "py-walls-left-off-by-one", lang: "python", patch: patch{"rules.py",
		`        if left[me] <= 0:`,
		`        if left[me] < 0:`},
		truth: truth{Parts: rulesOf, Rules: []string{"no_walls_left"}, Ops: []string{"replay"},
			Wrong: "In replay a player with no walls left may still place one more wall (11 in all) before no_walls_left."}},
	{name: "py-too-many-walls-at-10", lang: "python", patch: patch{"rules.py",
		`    if max(count) > 10:`,
		`    if max(count) >= 10:`},
		truth: truth{Parts: rulesOf, Rules: []string{"too_many_walls"}, Ops: []string{"validate"},
			Wrong: "Validation reports too_many_walls for a player with exactly 10 walls, not only for more than 10."}},
	{name: "py-validate-black-path-unchecked", lang: "python", patch: patch{"rules.py",
		`    if not board.reaches(state["white"], GOAL[0]) or not board.reaches(state["black"], GOAL[1]):`,
		`    if not board.reaches(state["white"], GOAL[0]):`},
		truth: truth{Parts: rulesOf, Rules: []string{"no_path"}, Ops: []string{"validate"},
			Wrong: "Validation checks only white's path to its goal rank: a State that cuts black off is not no_path."}},

	// examples/js
	{name: "js-last-mover-read-inverted", lang: "js", patch: patch{"qf.js",
		`    const player = read(1, "state.last_move.player") ? "black" : "white";`,
		`    const player = read(1, "state.last_move.player") ? "white" : "black";`},
		truth: truth{Parts: decoding, Fields: []string{"state.last_move.player"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder reads the last mover's bit inverted: 0 as black, 1 as white."}},
	{name: "js-char-bits-lsb-first", lang: "js", patch: patch{"qf.js",
		`  const bit = (n) => (sextets[Math.floor(n / 6)] >> (5 - (n % 6))) & 1;`,
		`  const bit = (n) => (sextets[Math.floor(n / 6)] >> (n % 6)) & 1;`},
		truth: truth{Parts: decoding, Fields: []string{"*"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder reads each character's six bits least significant first; the encoder writes them right."}},
	{name: "js-wall-count-max-11", lang: "js", patch: patch{"qf.js",
		`      const n = read(4, path + ".count", 10);`,
		`      const n = read(4, path + ".count", 11);`},
		truth: truth{Parts: decoding, Fields: []string{"state.walls.white.h.count", "state.walls.white.v.count", "state.walls.black.h.count", "state.walls.black.v.count"},
			Checks: []string{"out_of_range"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The decoder accepts a wall count of 11: its counts are 0-11, not 0-10."}},
	{name: "js-trailing-data-off-by-one", lang: "js", patch: patch{"qf.js",
		`  if (sextets.length > used) throw new QfError({ kind: "trailing_data", char: used });`,
		`  if (sextets.length > used + 1) throw new QfError({ kind: "trailing_data", char: used });`},
		truth: truth{Parts: decoding, Checks: []string{"trailing_data"}, Codec: "decoding", Ops: decodingOps,
			Wrong: "The strict decoder does not refuse one character after the last field's character as trailing_data (it checks its padding instead); it refuses two or more."}},
	{name: "js-turn-9-bits-encoding", lang: "js", patch: patch{"qf.js",
		`    put(state.turn, 10, "state.turn");`,
		`    put(state.turn, 9, "state.turn");`},
		truth: truth{Parts: encoding, Fields: []string{"state.turn"}, Codec: "encoding", Ops: []string{"encode"},
			Wrong: "The encoder writes the turn as 9 bits, not 10, and refuses a turn above 511 as out_of_range."}},
	{name: "js-square-max-81-encoding", lang: "js", patch: patch{"qf.js",
		`    put(state.white, 7, "state.white", 80);`,
		`    put(state.white, 7, "state.white", 81);`},
		truth: truth{Parts: encoding, Fields: []string{"state.white"}, Checks: []string{"out_of_range"}, Codec: "encoding", Ops: []string{"encode"},
			Wrong: "The encoder accepts white's square 81 instead of refusing it as out_of_range."}},
	{name: "js-orientation-written-inverted", lang: "js", patch: patch{"qf.js",
		`        put(m.orientation === "v" ? 1 : 0, 1, path + ".orientation");`,
		`        put(m.orientation === "h" ? 1 : 0, 1, path + ".orientation");`},
		truth: truth{Parts: encoding, Fields: []string{"record.moves[].orientation"}, Codec: "encoding", Ops: []string{"encode"},
			Wrong: "The encoder writes a wall move's orientation bit inverted: 1 for horizontal, 0 for vertical."}},
	{name: "js-crossing-walls-allowed", lang: "js", patch: patch{"rules.js",
		`    if (same.has(p) || other.has(p)) return true;`,
		`    if (same.has(p)) return true;`},
		truth: truth{Parts: rulesOf, Rules: []string{"walls_conflict"}, Ops: []string{"replay", "validate"},
			Wrong: "A horizontal and a vertical wall at the same anchor do not conflict, in replay and in validation."}},
	{name: "js-side-step-while-open", lang: "js", patch: patch{"rules.js",
		`          if (jumpBlocked && !board.blocked(ox, oy, tx - ox, ty - oy)) to = N * ty + tx;`,
		`          if (!board.blocked(ox, oy, tx - ox, ty - oy)) to = N * ty + tx;`},
		truth: truth{Parts: rulesOf, Rules: []string{"illegal_diagonal"}, Ops: []string{"replay"},
			Wrong: "In replay a diagonal side-step past the opponent is legal even when the straight jump over it is open."}},
	{name: "js-vertical-wall-west-column", lang: "js", patch: patch{"rules.js",
		`    const col = Math.min(x, x + dx);`,
		`    const col = x;`},
		truth: truth{Parts: rulesOf, Rules: []string{"wall_blocks_move", "jump_blocked", "illegal_diagonal", "no_path"}, Ops: []string{"replay", "validate"},
			Wrong: "A step west is checked against the vertical walls east of the square, not west of it: walls to the west never block, walls to the east block both ways; in moves, jumps, side-steps and the paths of no_path."}},
}

// serveBroken writes the copy of the example with b's break into a new
// directory and returns the command that serves it.
func serveBroken(t *testing.T, b brokenExample) []string {
	t.Helper()
	cmd, err := writeBroken(t.TempDir(), b)
	if err != nil {
		t.Fatal(err)
	}
	return cmd
}

// writeBroken writes the copy of the example with b's break into dir and
// returns the command that serves it.
func writeBroken(dir string, b brokenExample) ([]string, error) {
	p := examples.Patch{File: b.patch.file, Old: b.patch.old, New: b.patch.new}
	if b.lang == "js" {
		return examples.JS(dir, p)
	}
	return examples.Python(dir, p)
}

// interpreter is the program that runs the examples of lang.
func interpreter(lang string) string {
	if lang == "js" {
		return "node"
	}
	return "python3"
}

// Each break changes one line of the example, and the example with it
// fails at least one vector, where the example without it fails none.
func TestBreaksBreak(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite against each break")
	}
	names := map[string]bool{}
	langs := map[string]int{}
	for _, b := range breaks {
		if names[b.name] {
			t.Errorf("two breaks named %s", b.name)
		}
		names[b.name] = true
		langs[b.lang]++
		if b.truth.Wrong == "" || len(b.truth.Parts) == 0 || len(b.truth.Ops) == 0 {
			t.Errorf("%s: its truth is not written", b.name)
		}
	}
	if len(breaks) < 14 || langs["python"] < 5 || langs["js"] < 5 {
		t.Errorf("%d breaks, %v of each language: want 14, 5 of each at least", len(breaks), langs)
	}
	for _, lang := range []string{"python", "js"} {
		t.Run(lang, func(t *testing.T) {
			if _, err := exec.LookPath(interpreter(lang)); err != nil {
				t.Skipf("no %s", interpreter(lang))
			}
			var cmd []string
			var err error
			if lang == "js" {
				cmd, err = examples.JS(t.TempDir())
			} else {
				cmd, err = examples.Python(t.TempDir())
			}
			if err != nil {
				t.Fatal(err)
			}
			rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Command: cmd}})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Errorf("the unbroken example fails: %s %v", rep.SummaryLine(), rep.Problems)
			}
		})
	}
	for _, b := range breaks {
		t.Run(b.name, func(t *testing.T) {
			if _, err := exec.LookPath(interpreter(b.lang)); err != nil {
				t.Skipf("no %s", interpreter(b.lang))
			}
			cmd := serveBroken(t, b)
			original, err := os.ReadFile(filepath.Join("..", "examples", b.lang, b.patch.file))
			if err != nil {
				t.Fatal(err)
			}
			broken, err := os.ReadFile(filepath.Join(filepath.Dir(cmd[1]), b.patch.file))
			if err != nil {
				t.Fatal(err)
			}
			if d := linesChanged(string(original), string(broken)); d != 1 {
				t.Errorf("%s: %d lines changed, want 1", b.patch.file, d)
			}
			rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Command: cmd}})
			if err != nil {
				t.Fatal(err)
			}
			failed := 0
			for _, s := range rep.Summaries {
				failed += s.Failed
			}
			if failed == 0 {
				t.Errorf("no vector fails: %s", rep.SummaryLine())
			}
		})
	}
}

// linesChanged is how many lines differ between a and b, or -1 when they
// have not as many lines.
func linesChanged(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(la) != len(lb) {
		return -1
	}
	n := 0
	for i := range la {
		if la[i] != lb[i] {
			n++
		}
	}
	return n
}

// TestBreaksWrite writes each break's copy of the example into
// $QF_BREAKS_DIR/NAME, with its command in NAME/command and its truth in
// NAME/truth.json, for measuring the diagnosis of the breaks with the qf
// command (the comment at the top of this file). Without QF_BREAKS_DIR it
// does nothing.
func TestBreaksWrite(t *testing.T) {
	root := os.Getenv("QF_BREAKS_DIR")
	if root == "" {
		t.Skip("QF_BREAKS_DIR not set")
	}
	for _, b := range breaks {
		dir := filepath.Join(root, b.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd, err := writeBroken(dir, b)
		if err != nil {
			t.Fatal(err)
		}
		truth, err := json.MarshalIndent(struct {
			Name string `json:"name"`
			Lang string `json:"lang"`
			truth
		}{b.name, b.lang, b.truth}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "truth.json"), append(truth, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "command"), []byte(strings.Join(cmd, " ")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBreaksDiagnosed holds issue 50's "one bug, one cause": for each
// break, qf check and qf fuzz give at most two causes (more only for the
// breaks listed in moreCauses, with why), name the break's place (a
// field, rule or check of its truth), put no cause in a part of the spec
// the break is not in, and every claim holds when the implementation is
// asked again.
func TestBreaksDiagnosed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs qf check and qf fuzz against each break")
	}
	for _, b := range breaks {
		if _, err := exec.LookPath(interpreter(b.lang)); err != nil {
			t.Skipf("no %s", interpreter(b.lang))
		}
		t.Run(b.name, func(t *testing.T) {
			cmd := serveBroken(t, b)
			rep, err := runner.Run(context.Background(), runner.Options{Options: driver.Options{Command: cmd}})
			if err != nil {
				t.Fatal(err)
			}
			judgeBreak(t, b, "qf check", rep.Causes)
			reask(t, cmd, rep.Causes)
			fz, err := generative.Run(context.Background(), generative.Options{Options: driver.Options{Command: cmd}, N: 4000, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			var causes []diagnosis.Cause
			for _, c := range fz.Causes {
				causes = append(causes, c.Cause)
			}
			judgeBreak(t, b, "qf fuzz", causes)
		})
	}
}

// moreCauses are the breaks a diagnosis still gives more than two causes,
// and why: no model of the search reproduces them, and their failures
// part from the spec at several rules.
var moreCauses = map[string]string{}

// judgeBreak checks the causes of one run against the break's truth.
func judgeBreak(t *testing.T, b brokenExample, run string, causes []diagnosis.Cause) {
	t.Helper()
	if len(causes) == 0 {
		t.Fatalf("%s: no cause", run)
	}
	if len(causes) > 2 && moreCauses[b.name] == "" {
		t.Errorf("%s: %d causes: %s", run, len(causes), summary(causes))
	}
	named := false
	for _, c := range causes {
		if !inParts(c.Part, b.truth.Parts) {
			t.Errorf("%s: a cause in %s, a part the break is not in: %s %q", run, c.Part, c.Kind, c.Name)
		}
		if placeNamed(c, b.truth) {
			named = true
		}
	}
	if !named {
		t.Errorf("%s: no cause names the break's place (%v %v %v): %s", run, b.truth.Fields, b.truth.Rules, b.truth.Checks, summary(causes))
	}
}

// inParts reports whether a cause's part is among the break's.
func inParts(p diagnosis.Part, parts []string) bool {
	switch p {
	case diagnosis.Codec:
		return slices.Contains(parts, "decoding") && slices.Contains(parts, "encoding")
	case diagnosis.Decoding, diagnosis.Encoding, diagnosis.Rules:
		return slices.Contains(parts, string(p))
	}
	return false
}

// placeNamed reports whether cause c names the place of a break's truth:
// its field (or one within it, "state.walls" for the groups' order), its
// rule, or its check; for a fault of the rules with a rule of spec/qf.md
// that id in the cause's references or fix.
func placeNamed(c diagnosis.Cause, tr truth) bool {
	for _, f := range tr.Fields {
		if f == "*" && c.Field != "" || c.Field != "" && (strings.HasPrefix(c.Field, f) || strings.HasPrefix(f, c.Field)) {
			return true
		}
	}
	for _, r := range tr.Rules {
		if c.Rule == r || slices.Contains(c.Refs, r) || strings.Contains(c.Fix, r) {
			return true
		}
	}
	for _, k := range tr.Checks {
		if c.Field == k || strings.Contains(c.Title, k) || strings.Contains(c.Observed, k) {
			return true
		}
	}
	return false
}
