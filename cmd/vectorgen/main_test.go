package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const root = "../.."

// The committed files are what vectorgen writes now: a change to the
// reference, the generator or the corpus that changes a vector fails here
// until `go run ./cmd/vectorgen` is run and its output committed.
func TestUpToDate(t *testing.T) {
	t.Parallel()
	files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	if stale := staleness(root, files); len(stale) > 0 {
		t.Errorf("stale files; run go run ./cmd/vectorgen:\n%s", strings.Join(stale, "\n"))
	}
}

// Two runs at once make the same files. (Each run waits on the go
// command for most of its time: it builds the explorer's WebAssembly.)
func TestDeterministic(t *testing.T) {
	t.Parallel()
	var b map[string][]byte
	var errB error
	done := make(chan struct{})
	go func() {
		defer close(done)
		b, errB = generate(root)
	}()
	a, err := generate(root)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if errB != nil {
		t.Fatal(errB)
	}
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// -check names the ids added, removed and changed, and exits with the
// stale error.
func TestCheckReportsChanges(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	for _, name := range []string{"CONFORMANCE-REFERENCE.md", "testdata/qf-corpus.tsv", "vectors/decode_strict.json",
		"vectors/decode_lenient.json", "vectors/encode.json", "vectors/manifest.json"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		switch name {
		case "vectors/decode_strict.json":
			// Change one test's comment and rename another: one changed,
			// one added and one removed.
			data = bytes.Replace(data, []byte(`"comment": "A lone '='."`), []byte(`"comment": "edited"`), 1)
			data = bytes.Replace(data, []byte(`"id": "strict/dot-trailing"`), []byte(`"id": "strict/dot-renamed"`), 1)
		case "vectors/encode.json":
			data = nil
		}
		path := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if data != nil {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var out, errOut bytes.Buffer
	err := run([]string{"-check", "-root", tmp}, &out, &errOut)
	if !errors.Is(err, errStale) {
		t.Fatalf("run -check: %v, want the stale error; stderr %s", err, errOut.String())
	}
	report := out.String()
	for _, want := range []string{
		"vectors/decode_strict.json: 1 added (strict/dot-trailing); 1 removed (strict/dot-renamed); 1 changed (strict/equals-only)",
		"vectors/encode.json: open",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "decode_lenient.json") {
		t.Errorf("report names an unchanged file:\n%s", report)
	}
	// Writing repairs the files; a second check passes.
	out.Reset()
	if err := run([]string{"-root", tmp}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-check", "-root", tmp}, &out, &errOut); err != nil {
		t.Errorf("check after writing: %v\n%s", err, out.String())
	}
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"extra"}, &out, &errOut); !errors.Is(err, errUsage) || !strings.Contains(errOut.String(), "usage") {
		t.Errorf("got %v, %q", err, errOut.String())
	}
}
