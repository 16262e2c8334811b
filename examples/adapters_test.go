package examples

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol/protocoltest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Implementations with one fault that the vectors once missed: adapters
// that lose what the text of a request or an answer holds, as adapters in
// other languages do, and a replayer that side-steps through a wall
// between the pawns. Each fails the vectors that pin its fault, by name,
// and no others. They are examples/python with one line changed.
func TestFaultsVectorsName(t *testing.T) {
	t.Parallel()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine: the adapters did not run")
	}
	encode, err := vectors.Load(suite.Encode.File())
	if err != nil {
		t.Fatal(err)
	}
	replay, err := vectors.Load(suite.Replay.File())
	if err != nil {
		t.Fatal(err)
	}
	var repeated, wallBetween []string
	for _, test := range replay.Tests {
		if slices.Contains(test.Flags, "DiagonalWallBetween") {
			wallBetween = append(wallBetween, test.ID)
		}
	}
	for _, test := range encode.Tests {
		if slices.Contains(test.Flags, "RepeatedKey") {
			repeated = append(repeated, test.ID)
		}
	}
	nonASCII := nonASCIIFields(t)
	for _, c := range []struct {
		name  string
		patch Patch
		want  []string
	}{
		{
			// Jackson's readTree, JSON.parse and Python's json.loads keep
			// the last of repeated keys.
			"last key wins", Patch{"qf.py", "object_pairs_hook=Object,", "object_pairs_hook=lambda p: Object(dict(p).items()),"},
			repeated,
		},
		{
			// Java 17's System.out with LANG unset: ASCII, '?' for the rest.
			"platform charset", Patch{"serve.py", `print(json.dumps(out, default=number, separators=(",", ":")), flush=True)`,
				`sys.stdout.buffer.write(json.dumps(out, default=number, separators=(",", ":"), ensure_ascii=False).encode("ascii", "replace") + b"\n"); sys.stdout.flush()`},
			nonASCII,
		},
		{
			// The side-step's "no wall separates the two pawns" left out.
			"side-step through a wall", Patch{"rules.py", "N * oy + ox != opp or board.blocked(x, y, vx, vy):", "N * oy + ox != opp:"},
			wallBetween,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if len(c.want) < 3 {
				t.Fatalf("%d vectors pin it, want at least 3", len(c.want))
			}
			cmd, err := Python(t.TempDir(), c.patch)
			if err != nil {
				t.Fatal(err)
			}
			cmd[0] = python
			failed := failedIDs(t, cmd)
			if !slices.Equal(failed, c.want) {
				t.Errorf("failed %q,\nwant %q", failed, c.want)
			}
		})
	}
}

// nonASCIIFields returns the ids of the encode vectors whose error's field
// holds a character beyond ASCII.
func nonASCIIFields(t *testing.T) []string {
	encode, err := vectors.Load(suite.Encode.File())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, test := range encode.Tests {
		if test.Error != nil && strings.ContainsFunc(test.Error.Field, func(r rune) bool { return r > 0x7f }) {
			ids = append(ids, test.ID)
		}
	}
	return ids
}

// The three examples answer every corner of spec/protocol.md as the
// reference does (package protocoltest): null members, members of the
// wrong type, ids of every JSON type, the depth limit counted from the
// request object, lone surrogate escapes. examples/java runs from its
// source, as CONFORMANCE.md says to run it.
func TestCorners(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cmd  []string
	}{
		{"examples/js", []string{"node", "js/serve.js"}},
		{"examples/python", []string{"python3", "python/serve.py"}},
		{"examples/java", slices.Concat([]string{"java"}, javaFlags, []string{"java/QfAdapter.java"})},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(c.cmd[0]); err != nil {
				t.Skipf("no %s on this machine: %s did not run", c.cmd[0], c.name)
			}
			cmd := exec.Command(c.cmd[0], c.cmd[1:]...)
			cmd.Stdin = bytes.NewReader(protocoltest.Input())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr.Bytes())
			}
			if err := protocoltest.Check(out); err != nil {
				t.Error(err)
			}
		})
	}
}
