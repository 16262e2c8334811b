package vectors_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

func load(t *testing.T) map[string]*vectors.File {
	t.Helper()
	files := map[string]*vectors.File{}
	for _, name := range vectors.Files {
		f, err := vectors.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return files
}

func TestSchemas(t *testing.T) {
	for _, name := range vectors.Files {
		data, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if err := vectors.Validate(data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The schemas can fail: broken copies of a file are refused.
	data, _ := fs.ReadFile(vectors.FS(), suite.Strict.File())
	for what, broken := range map[string][]byte{
		"an unknown member":        bytes.Replace(data, []byte(`"result": "valid",`), []byte(`"result": "valid", "extra": 1,`), 1),
		"an unknown result":        bytes.Replace(data, []byte(`"result": "valid"`), []byte(`"result": "maybe"`), 1),
		"an error without offset":  bytes.Replace(data, []byte(`"bit":2,`), []byte(``), 1),
		"a square out of range":    bytes.Replace(data, []byte(`"white":31,`), []byte(`"white":81,`), 1),
		"a valid test with error":  bytes.Replace(data, []byte(`"result": "invalid"`), []byte(`"result": "valid"`), 1),
		"a flag that is lowercase": bytes.Replace(data, []byte(`"flags": ["`), []byte(`"flags": ["x`), 1),
	} {
		if bytes.Equal(broken, data) {
			t.Errorf("%s: the edit did not apply", what)
			continue
		}
		if err := vectors.Validate(broken); err == nil {
			t.Errorf("a file with %s passes its schema", what)
		}
	}
}

func TestParseCountsTests(t *testing.T) {
	data, _ := fs.ReadFile(vectors.FS(), suite.Validate.File())
	if _, err := vectors.Parse(data); err != nil {
		t.Fatal(err)
	}
	cut := bytes.Replace(data, []byte(`"number_of_tests": `), []byte(`"number_of_tests": 1`), 1)
	if _, err := vectors.Parse(cut); err == nil || !strings.Contains(err.Error(), "number_of_tests") {
		t.Errorf("a file with a wrong number_of_tests parsed: %v", err)
	}
}

func TestManifest(t *testing.T) {
	m, err := vectors.LoadManifest()
	if err != nil {
		t.Fatal(err)
	}
	if m.SuiteVersion != vectors.SuiteVersion || m.FormatVersion != spec.Version {
		t.Errorf("manifest versions %s/%s, want %s/%s", m.SuiteVersion, m.FormatVersion, vectors.SuiteVersion, spec.Version)
	}
	files := load(t)
	var lines strings.Builder
	for _, mf := range m.Files {
		data, err := fs.ReadFile(vectors.FS(), mf.Name)
		if err != nil {
			t.Fatalf("manifest names %s: %v", mf.Name, err)
		}
		sum := sha256.Sum256(data)
		if h := hex.EncodeToString(sum[:]); h != mf.SHA256 {
			t.Errorf("%s: sha256 %s, manifest says %s", mf.Name, h, mf.SHA256)
		}
		if f, ok := files[mf.Name]; ok && f.NumberOfTests != mf.Tests {
			t.Errorf("%s: %d tests, manifest says %d", mf.Name, f.NumberOfTests, mf.Tests)
		}
		fmt.Fprintf(&lines, "%s  %s\n", mf.SHA256, mf.Name)
	}
	// The digest is what `sha256sum NAME... | sha256sum` gives in vectors/.
	sum := sha256.Sum256([]byte(lines.String()))
	if want := "sha256:" + hex.EncodeToString(sum[:]); m.Digest != want {
		t.Errorf("digest %s, want %s", m.Digest, want)
	}
	schemas, _ := fs.Glob(vectors.FS(), "schema/*.schema.json")
	if len(m.Files) != len(vectors.Files)+len(schemas) {
		t.Errorf("manifest lists %d files, want the %d vector files and %d schemas", len(m.Files), len(vectors.Files), len(schemas))
	}
}

// The gates of the suite: every edge case and every error kind is tested,
// every flag explained and every explanation used, every id unique.
func TestGates(t *testing.T) {
	files := load(t)
	ids := map[string]bool{}
	covered := map[string]bool{} // EC ids
	seen := map[string]bool{}    // "file kind unit"
	for _, c := range suite.Categories {
		name, prefix := c.File(), c.Name()+"/"
		f := files[name]
		used := map[string]bool{}
		for _, test := range f.Tests {
			if ids[test.ID] {
				t.Errorf("id %s appears twice", test.ID)
			}
			ids[test.ID] = true
			if !strings.HasPrefix(test.ID, prefix) {
				t.Errorf("%s: id %s lacks the prefix %s", name, test.ID, prefix)
			}
			for _, flag := range test.Flags {
				used[flag] = true
				note, ok := f.Notes[flag]
				if !ok {
					t.Errorf("%s: flag %s of %s has no note", name, flag, test.ID)
				}
				for _, r := range note.Refs {
					covered[r] = true
				}
			}
			if e := test.Error; e != nil {
				unit := "none"
				if e.Bit != nil {
					unit = "bit"
				} else if e.Char != nil {
					unit = "char"
				}
				seen[name+" "+e.Kind+" "+unit] = true
			}
		}
		for flag := range f.Notes {
			if !used[flag] {
				t.Errorf("%s: note %s explains a flag no test has", name, flag)
			}
		}
	}
	for _, ec := range spec.EdgeCases {
		if !covered[ec.ID] {
			t.Errorf("%s (%s) has no test", ec.ID, ec.Title)
		}
	}
	for _, want := range []string{
		"decode_strict.json invalid_character char",
		"decode_strict.json truncated bit",
		"decode_strict.json out_of_range bit",
		"decode_strict.json trailing_data char",
		"decode_strict.json nonzero_padding bit",
		"decode_lenient.json truncated bit",
		"decode_lenient.json out_of_range bit",
		"encode.json out_of_range none",
		"encode.json malformed none",
		"replay.json invalid_character char",
		"validate.json nonzero_padding bit",
	} {
		if !seen[want] {
			t.Errorf("no test of %s", want)
		}
	}
	// Each violation kind at least three times.
	count := map[string]int{}
	for _, test := range files[suite.Replay.File()].Tests {
		if test.Violation != nil {
			count["replay "+string(test.Violation.Kind)]++
		}
	}
	for _, test := range files[suite.Validate.File()].Tests {
		if test.Violations != nil {
			for _, k := range *test.Violations {
				count["validate "+k]++
			}
		}
	}
	for _, k := range []rules.Rule{rules.OffBoard, rules.WallBlocksMove, rules.JumpBlocked, rules.IllegalDiagonal,
		rules.WallsConflict, rules.NoWallsLeft, rules.NoPath, rules.GameOver} {
		if count["replay "+string(k)] < 3 {
			t.Errorf("replay violation %s tested %d times, want 3", k, count["replay "+string(k)])
		}
	}
	for _, k := range []rules.Rule{rules.PawnsOverlap, rules.TooManyWalls, rules.WallsConflict, rules.NoPath, rules.LastMoveWallMissing} {
		if count["validate "+string(k)] < 3 {
			t.Errorf("state violation %s tested %d times, want 3", k, count["validate "+string(k)])
		}
	}
}

// Every rule of replay is judged without a State too: a decoder that
// knows only records (and refuses every State) is judged on each rule's
// flag by two vectors or more whose code holds a Record alone.
func TestRuleFlagsWithoutState(t *testing.T) {
	f := load(t)[suite.Replay.File()]
	with, without := map[string]int{}, map[string]int{}
	for _, test := range f.Tests {
		stateless := test.Code != nil && *test.Code != "" && strings.IndexByte(spec.Alphabet, (*test.Code)[0]) < 32
		for _, flag := range test.Flags {
			if stateless {
				without[flag]++
			} else {
				with[flag]++
			}
		}
	}
	for flag, note := range f.Notes {
		if !slices.Contains(note.Refs, "Replay and validation") {
			continue
		}
		if without[flag] < 2 {
			t.Errorf("flag %s: %d vectors without a State (%d with one), want 2 or more", flag, without[flag], with[flag])
		}
	}
}

// CONFORMANCE.md's sample of a vector file's header is the strict file's:
// its versions and its number of tests.
func TestConformanceSample(t *testing.T) {
	doc, err := os.ReadFile("../CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)### A vector file\s*` + "```json" + `\s*(\{.*?"tests": \[ \.\.\. \]\s*\})\s*` + "```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("CONFORMANCE.md has no sample header")
	}
	var sample vectors.File
	if err := json.Unmarshal(bytes.ReplaceAll(m[1], []byte("[ ... ]"), []byte("[]")), &sample); err != nil {
		t.Fatalf("the sample: %v", err)
	}
	f := load(t)[suite.Strict.File()]
	if sample.FormatVersion != f.FormatVersion || sample.SuiteVersion != f.SuiteVersion || sample.NumberOfTests != f.NumberOfTests || sample.Schema != f.Schema {
		t.Errorf("the sample says format %s, suite %s, %d tests, schema %s; the strict file %s, %s, %d, %s",
			sample.FormatVersion, sample.SuiteVersion, sample.NumberOfTests, sample.Schema, f.FormatVersion, f.SuiteVersion, f.NumberOfTests, f.Schema)
	}
}

// Every rule of spec/qf.md, section "Replay and validation", has vectors
// that cite it by its id (through their flags' notes): a replay rule
// from a State and from the initial board, a validation rule at all.
func TestRulesHaveVectors(t *testing.T) {
	files := load(t)
	count := map[string]int{} // "R-4 state", "R-4 initial", "V-1"
	for _, name := range []string{suite.Replay.File(), suite.Validate.File()} {
		f := files[name]
		for _, test := range f.Tests {
			if test.Error != nil {
				continue
			}
			where := ""
			if name == suite.Replay.File() {
				v, err := ref.Decode(*test.Code)
				if err != nil {
					t.Fatalf("%s: %v", test.ID, err)
				}
				where = map[bool]string{true: " state", false: " initial"}[v.State != nil]
			}
			for _, flag := range test.Flags {
				for _, r := range f.Notes[flag].Refs {
					if strings.HasPrefix(r, "R-") == (name == suite.Replay.File()) {
						count[r+where]++
					}
				}
			}
		}
	}
	for _, r := range spec.Rules {
		wheres := []string{""}
		if strings.HasPrefix(r.ID, "R-") {
			wheres = []string{" state", " initial"}
		}
		for _, where := range wheres {
			if count[r.ID+where] == 0 {
				t.Errorf("%s (%s) has no vector%s", r.ID, r.Title, map[string]string{" state": " from a State", " initial": " from the initial board"}[where])
			}
		}
	}
}
