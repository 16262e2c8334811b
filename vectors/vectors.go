// Package vectors holds the qf conformance suite's test vectors: the JSON
// files in this directory, embedded, with their schemas and manifest, and
// the Go types to read them.
//
// The files are written by cmd/vectorgen from the reference codec, never by
// hand; CONFORMANCE.md at the top of the module explains their format for
// implementers in any language. Each test has a stable id, a comment,
// flags (explained once in the file's notes), an input and the expected
// outcome.
package vectors

import (
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// SuiteVersion is the version of the vector suite. It changes when tests
// are added, removed or changed; the manifest's digest pins the exact files.
const SuiteVersion = "1.5.0"

// ManifestName is the name of the manifest, beside the vector files.
const ManifestName = "manifest.json"

//go:embed *.json schema/*.json
var embedded embed.FS

// Files lists the vector files, every embedded *.json file but the
// manifest, in the order of their names. Which files the suite has, and
// what each holds, is package suite's to say (suite.Categories): cmd/vectorgen
// writes one file for each of its categories, with the schema the
// category names in schema/.
var Files, _ = vectorFiles(embedded)

// vectorFiles returns the names of the vector files in fsys: every *.json
// file but a manifest, in the order of their names.
func vectorFiles(fsys fs.FS) ([]string, error) {
	names, err := fs.Glob(fsys, "*.json") // sorted
	return slices.DeleteFunc(names, func(name string) bool { return name == ManifestName }), err
}

// FS returns the suite's files: the vector files, manifest.json and
// schema/*.schema.json.
func FS() fs.FS { return embedded }

// A File is one vector file.
type File struct {
	Format        string          `json:"format"`         // "qf"
	FormatVersion string          `json:"format_version"` // the spec's version, spec.Version
	SuiteVersion  string          `json:"suite_version"`
	Schema        string          `json:"schema"`            // the schema's file name in schema/
	Op            string          `json:"op"`                // "decode", "encode", "replay" or "validate"
	Profile       string          `json:"profile,omitempty"` // decode: "strict" or "lenient"
	NumberOfTests int             `json:"number_of_tests"`
	Notes         map[string]Note `json:"notes"` // every flag used, explained
	Tests         []Test          `json:"tests"`
}

// A Note explains a flag: what the tests with it check, and the spec
// sections or edge-case ids (EC-n) they document.
type Note struct {
	Description string   `json:"description"`
	Refs        []string `json:"refs"`
}

// A Test is one vector. Decode tests have an input (Code, or CodeHex for
// input that is not UTF-8) and either a Value, the Canonical code and the
// Fields, or an Error. Encode tests have a Value (any JSON), or a
// ValueText, and either the expected Code or an Error. Replay tests have a Code and either the
// Squares after each move and the Violation (nil for none), or the Error
// of a code that does not decode; validate tests a Code and either the
// Violations or an Error.
type Test struct {
	ID      string          `json:"id"`
	Comment string          `json:"comment"`
	Flags   []string        `json:"flags"`
	Code    *string         `json:"code,omitempty"`
	CodeHex string          `json:"code_hex,omitempty"`
	Value   json.RawMessage `json:"value,omitempty"`
	// ValueText is an encode test's input as text to send as it is
	// written, in place of Value: JSON that a parser would not keep, such
	// as a repeated key or an escaped lone surrogate.
	ValueText string            `json:"value_text,omitempty"`
	Result    string            `json:"result"` // "valid" or "invalid"
	Canonical string            `json:"canonical,omitempty"`
	Fields    []Field           `json:"fields,omitempty"`
	Error     *spec.ErrorObject `json:"error,omitempty"`

	Squares    *[][2]int        `json:"squares,omitempty"`
	Violation  *rules.Violation `json:"violation,omitempty"`
	Violations *[]string        `json:"violations,omitempty"`
}

// Valid and Invalid are the results of a test.
const (
	Valid   = "valid"
	Invalid = "invalid"
)

// ValueInput returns an encode test's input, the JSON text to encode:
// ValueText when it has one, else Value.
func (t *Test) ValueInput() json.RawMessage {
	if t.ValueText != "" {
		return json.RawMessage(t.ValueText)
	}
	return t.Value
}

// Input returns a decode test's input: Code, or the bytes of CodeHex.
func (t *Test) Input() (string, error) {
	if t.Code != nil {
		return *t.Code, nil
	}
	b, err := hex.DecodeString(t.CodeHex)
	if err != nil {
		return "", fmt.Errorf("vectors: test %s: code_hex: %v", t.ID, err)
	}
	return string(b), nil
}

// A Field is one field of a valid code, as in spec/qf.md's worked examples.
type Field struct {
	Path   string `json:"path"`
	Offset int    `json:"offset"`
	Width  int    `json:"width"`
	Value  int    `json:"value"`
}

// Load reads and parses the embedded vector file name.
func Load(name string) (*File, error) {
	data, err := fs.ReadFile(embedded, name)
	if err != nil {
		return nil, fmt.Errorf("vectors: %v", err)
	}
	return Parse(data)
}

// Shared returns the embedded vector file name as Load does, parsed once
// a process and shared by every caller: the callers only read it. A run
// of qf check reads the suite's files once; the tests run it hundreds of
// times a process.
func Shared(name string) (*File, error) {
	shared.Lock()
	defer shared.Unlock()
	if f, ok := shared.files[name]; ok {
		return f, nil
	}
	f, err := Load(name)
	if err != nil {
		return nil, err
	}
	shared.files[name] = f
	return f, nil
}

// shared holds the files Shared parsed, by name.
var shared = struct {
	sync.Mutex
	files map[string]*File
}{files: map[string]*File{}}

// Parse parses a vector file. A file whose number_of_tests is not the
// number of its tests is an error: it was cut or edited by hand.
func Parse(data []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("vectors: %v", err)
	}
	if f.NumberOfTests != len(f.Tests) {
		return nil, fmt.Errorf("vectors: number_of_tests is %d, but the file has %d tests", f.NumberOfTests, len(f.Tests))
	}
	return &f, nil
}

// LoadDir reads the vector files in dir, every *.json file but a
// manifest, in the order of their names, each checked against the schema
// it names (Validate): the files that qf fuzz -o writes, say, for qf
// check -vectors. It fails on a directory with no vector file.
func LoadDir(dir string) ([]*File, error) {
	names, err := vectorFiles(os.DirFS(dir))
	if err != nil {
		return nil, err
	}
	var files []*File
	for _, name := range names {
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if err := Validate(data); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		f, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("vectors: %s: no vector file", dir)
	}
	return files, nil
}
