package suite_test

import (
	"encoding/json"
	"io/fs"
	"slices"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// What follows from the categories and cannot be derived from them: a
// vector file of each in vectors/ (vectors.Files, which cmd/vectorgen
// writes) and no other, each with its schema in vectors/schema/, and the
// enum of categories in the reports' shapes schema; a category for each
// op of the protocol; and the levels in the shapes schema follow from the
// levels.
func TestListsFollowCategories(t *testing.T) {
	var shapes struct {
		Defs struct {
			Category struct{ Enum []string } `json:"category"`
			Level    struct{ Enum []string } `json:"level"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(suite.ShapesSchema, &shapes); err != nil {
		t.Fatal(err)
	}
	var names, files []string
	for _, c := range suite.Categories {
		names = append(names, c.Name())
		files = append(files, c.File())
		if _, err := fs.Stat(vectors.FS(), "schema/"+c.Schema()); err != nil {
			t.Errorf("%s: no schema: %v", c, err)
		}
		if c.Name() == "" || c.Noun() == "" {
			t.Errorf("%s: no name (%q) or noun (%q)", c, c.Name(), c.Noun())
		}
		if c.Rules() != (c == suite.Replay || c == suite.Validate) {
			t.Errorf("%s: Rules() is %v", c, c.Rules())
		}
	}
	if !slices.Equal(shapes.Defs.Category.Enum, names) {
		t.Errorf("shapes.schema.json lists categories %q, want %q", shapes.Defs.Category.Enum, names)
	}
	if slices.Sort(files); !slices.Equal(vectors.Files, files) {
		t.Errorf("vectors/ holds the vector files %q, want one a category: %q", vectors.Files, files)
	}
	for _, op := range protocol.Ops {
		if !slices.ContainsFunc(suite.Categories, func(c suite.Category) bool { return c.Op() == op }) {
			t.Errorf("op %s: no category tests it", op)
		}
	}
	var levels []string
	for l := suite.None; l <= suite.R; l++ {
		levels = append(levels, l.String())
	}
	if !slices.Equal(shapes.Defs.Level.Enum, levels) {
		t.Errorf("shapes.schema.json lists levels %q, want %q", shapes.Defs.Level.Enum, levels)
	}
}

// Each category is one vector file, named by its tests' prefix, and
// comes back from its name, its JSON and its file's op and profile.
func TestCategories(t *testing.T) {
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		if of, ok := suite.Of(f); !ok || of != c || f.Schema != c.Schema() {
			t.Errorf("%s: the file's category is %v (%v), schema %s", c, of, ok, f.Schema)
		}
		for _, test := range f.Tests[:3] {
			if prefix := test.ID[:len(c.Name())+1]; prefix != c.Name()+"/" {
				t.Errorf("%s: test %s", c, test.ID)
			}
			req := c.Request(&test)
			if req.Op != c.Op() {
				t.Errorf("%s: a request of op %s", c, req.Op)
			}
			if req.Profile != f.Profile {
				t.Errorf("%s: a request in profile %q", c, req.Profile)
			}
		}
		if named, ok := suite.Named(c.Name()); !ok || named != c {
			t.Errorf("Named(%q) = %v, %v", c.Name(), named, ok)
		}
		b, err := json.Marshal(c)
		var back suite.Category
		if err != nil || json.Unmarshal(b, &back) != nil || back != c {
			t.Errorf("%s as JSON: %s %v, back %v", c, b, err, back)
		}
	}
	var bad suite.Category
	if json.Unmarshal([]byte(`"decode"`), &bad) == nil {
		t.Error(`"decode" read as a category`)
	}
	if _, err := json.Marshal(suite.Category(0)); err == nil {
		t.Error("the zero category marshals")
	}
	if p := suite.Lenient.Profile(); p != ref.Lenient || suite.Lenient.Op() != protocol.Decode {
		t.Errorf("lenient: %v %v", p, suite.Lenient.Op())
	}
	if h := suite.Encode.Header(); h.Profile != "" || h.Op != "encode" || h.Schema != "encode.schema.json" {
		t.Errorf("encoding's header: %+v", h)
	}
}

// What each category reads and answers, as the diagnosis asks it.
func TestForms(t *testing.T) {
	for _, c := range []struct {
		cat           suite.Category
		reads, writes suite.Form
		answer        string
	}{
		{suite.Strict, suite.Code, suite.Value, "a value"},
		{suite.Lenient, suite.Code, suite.Value, "a value"},
		{suite.Encode, suite.Value, suite.Code, "a code"},
		{suite.Replay, suite.Code, suite.Squares, "a replay"},
		{suite.Validate, suite.Code, suite.Violations, "violations"},
	} {
		if c.cat.Reads() != c.reads || c.cat.Writes() != c.writes || c.cat.Writes().String() != c.answer {
			t.Errorf("%s: reads %v, writes %v", c.cat, c.cat.Reads(), c.cat.Writes())
		}
	}
	if s := suite.Form(9).String(); s != "Form(9)" {
		t.Errorf("Form(9) is %q", s)
	}
}

// The fields a test's code holds: the input's, in its profile, for a
// decoding test that fails; the code's otherwise; none for a value that
// has no code.
func TestFields(t *testing.T) {
	has := func(c suite.Category, input, path string) bool {
		t.Helper()
		test, err := reference(c, "x/y", input)
		if err != nil {
			t.Fatal(err)
		}
		fields, ok := c.Fields(&test)
		if !ok {
			return false
		}
		for _, f := range fields {
			if f.Path == path {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		cat         suite.Category
		input, path string
		want        bool
	}{
		{suite.Strict, "j7oklAHMe1ICg", "state.turn", true},
		{suite.Strict, "j7oklAHMe1IC", "state.last_move.kind", true}, // truncated in the turn: the fields before it
		{suite.Strict, "j7oklAHMe1IC", "state.turn", false},
		{suite.Lenient, "j7ok lAHMe1ICg", "state.turn", true},
		{suite.Encode, `{"state":null,"record":{"moves":[]}}`, "record.moves.count", true},
		{suite.Encode, `{"state":7}`, "flags.state", false},
		{suite.Replay, "QBQ", "record.moves[0].dir", true},
	} {
		if got := has(c.cat, c.input, c.path); got != c.want {
			t.Errorf("%s %q holds %s: %v", c.cat, c.input, c.path, got)
		}
	}
}

// Decoding is graded at L1 to L3, the others at one level each; a test
// passes at the level required of decoding, or at its category's only
// level.
func TestLevels(t *testing.T) {
	for _, c := range []struct {
		cat    suite.Category
		levels []suite.Level
	}{
		{suite.Strict, []suite.Level{suite.L1, suite.L2, suite.L3}},
		{suite.Lenient, []suite.Level{suite.L1, suite.L2, suite.L3}},
		{suite.Encode, []suite.Level{suite.E}},
		{suite.Replay, []suite.Level{suite.R}},
		{suite.Validate, []suite.Level{suite.R}},
	} {
		got := c.cat.Levels()
		if len(got) != len(c.levels) || got[len(got)-1] != c.cat.Top() {
			t.Errorf("%s: levels %v, top %v", c.cat, got, c.cat.Top())
		}
		for i, l := range c.levels {
			if got[i] != l {
				t.Errorf("%s: levels %v, want %v", c.cat, got, c.levels)
			}
		}
		if next := c.cat.Next(suite.None); next != c.levels[0] {
			t.Errorf("%s: next to none is %v", c.cat, next)
		}
		if next := c.cat.Next(c.cat.Top()); next != suite.None {
			t.Errorf("%s: next to the top is %v", c.cat, next)
		}
	}
	if suite.Strict.Required(suite.L1) != suite.L1 || suite.Encode.Required(suite.L1) != suite.E || suite.Replay.Required(suite.L2) != suite.R {
		t.Error("Required")
	}
	for _, l := range []suite.Level{suite.None, suite.L1, suite.L2, suite.L3, suite.E, suite.R} {
		back, err := suite.ParseLevel(l.String())
		if err != nil || back != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l, back, err)
		}
	}
	if _, err := suite.ParseLevel("L4"); err == nil {
		t.Error("L4 parsed")
	}
}

// Grading records the way an answer misses, the first difference, and
// the implementation's message apart; Passes agrees with Grade.
func TestGrade(t *testing.T) {
	test, _ := reference(suite.Strict, "strict/x", "QEBA")
	bit := 24
	for _, c := range []struct {
		resp  protocol.Response
		level suite.Level
		way   suite.Way
		diff  string
	}{
		{protocol.Response{Value: json.RawMessage(`{"state":null,"record":{"moves":[]}}`)}, suite.None, suite.AcceptedInvalid, "want truncated at bit 24 (record.moves[3].kind), got a value"},
		{protocol.Response{Error: &spec.ErrorObject{Kind: "error", Message: "bad code"}}, suite.L1, suite.OtherKind, `want truncated at bit 24 (record.moves[3].kind), got error with no offset`},
		{protocol.Response{Error: &spec.ErrorObject{Kind: "truncated"}}, suite.L2, suite.NoOffset, "want truncated at bit 24 (record.moves[3].kind), got truncated with no offset"},
		{protocol.Response{Error: &spec.ErrorObject{Kind: "truncated", Char: &bit}}, suite.L2, suite.OtherUnit, "want truncated at bit 24 (record.moves[3].kind), got truncated at char 24"},
		{protocol.Response{Error: &spec.ErrorObject{Kind: "truncated", Bit: &bit}}, suite.L3, "", ""},
	} {
		r := suite.Strict.Grade(&test, &c.resp, suite.L3)
		if r.Level != c.level || r.Way != c.way || r.Difference().String() != c.diff || (r.Status == suite.Pass) != (c.way == "") {
			t.Errorf("%+v: level %v, way %q, status %v, difference %q", c.resp.Error, r.Level, r.Way, r.Status, r.Difference().String())
		}
		if suite.Strict.Passes(&test, &c.resp, suite.L3) != (r.Status == suite.Pass) {
			t.Errorf("%+v: Passes disagrees with Grade", c.resp.Error)
		}
		if c.resp.Error != nil && c.resp.Error.Message != "" && r.Detail != c.resp.Error.Message {
			t.Errorf("the message %q is not the detail %q", c.resp.Error.Message, r.Detail)
		}
	}
}
