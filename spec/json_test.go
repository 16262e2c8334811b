package spec

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMembersAreTheDocument checks Members against the block of qf.md's
// section "Canonical JSON": every key it shows is listed for some object,
// and every key listed is shown.
func TestMembersAreTheDocument(t *testing.T) {
	_, section, ok := strings.Cut(Document, "\n## Canonical JSON\n")
	if !ok {
		t.Fatal("qf.md has no section Canonical JSON")
	}
	_, block, _ := strings.Cut(section, "```\n")
	block, _, _ = strings.Cut(block, "```")
	shown := regexp.MustCompile(`"([a-z_]+)":`).FindAllStringSubmatch(block, -1)
	seen := map[string]bool{}
	for _, m := range shown {
		seen[m[1]] = true
	}
	listed := map[string]bool{}
	for pointer, keys := range Members {
		for _, k := range keys {
			listed[k] = true
			if !seen[k] {
				t.Errorf("Members[%q] lists %q, which qf.md does not show", pointer, k)
			}
		}
	}
	for k := range seen {
		if !listed[k] {
			t.Errorf("qf.md shows the key %q, which Members lists for no object", k)
		}
	}
	if !slices.Equal(Members["/state/walls/white"], Members["/state/walls/black"]) {
		t.Error("the two players' wall groups have other keys")
	}
}
