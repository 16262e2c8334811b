package qfconformance_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// firstScreen is how many lines a reader sees before scrolling.
const firstScreen = 60

// CONFORMANCE.md's first screen takes an implementer to a first run of
// their own program: an example to copy, qf check -- COMMAND, -require
// for CI, qf fuzz -o. Benchmarks are contributors' (CONTRIBUTING.md).
func TestConformanceFirstScreen(t *testing.T) {
	doc, err := os.ReadFile("CONFORMANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(doc), "\n")
	screen := strings.Join(lines[:min(firstScreen, len(lines))], "\n")
	for _, want := range []string{"qf check -- ", "examples/python", "examples/js", "examples/java", "-oneshot", "-require", "action.yml", "qf fuzz -o", "qf check -vectors"} {
		if !strings.Contains(screen, want) {
			t.Errorf("CONFORMANCE.md's first %d lines have no %q", firstScreen, want)
		}
	}
	for _, m := range regexp.MustCompile(`Benchmark\w*|\d[\d,.]* ?µs|\d[\d,.]* cases (per|a) second`).FindAllString(string(doc), -1) {
		t.Errorf("CONFORMANCE.md holds %q: measurements are CONTRIBUTING.md's", m)
	}
}

// README.md starts with the two commands, which CI and readers run, and
// its first screen (up to its first section) holds no measurement: no
// commit hash, no time taken, no date.
func TestReadmeFirstScreen(t *testing.T) {
	doc, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(doc), "\n## ")
	if !strings.Contains(first, "\n```\ngo run ./cmd/qf check\ngo test -timeout 60m ./...\n```\n") {
		t.Error("README.md does not start with its two commands, go run ./cmd/qf check and go test -timeout 60m ./...")
	}
	for _, re := range []string{
		`\b[0-9a-f]{7,40}\b`,                           // a commit
		`\b\d+(\.\d+)? ?(minutes?|seconds?|s|ms|µs)\b`, // a time taken
		`\b20\d\d-\d\d-\d\d\b`,                         // a date
	} {
		for _, m := range regexp.MustCompile(re).FindAllString(first, -1) {
			if re != `\b[0-9a-f]{7,40}\b` || strings.ContainsAny(m, "0123456789") && strings.ContainsAny(m, "abcdef") {
				t.Errorf("README.md's first screen holds %q: measurements are CONTRIBUTING.md's", m)
			}
		}
	}
}
