package vectors_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/internal/mutation"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// equivalentFile lists the mutants of ref and rules that no vector can
// kill, each with why: they change nothing an implementation answers.
const equivalentFile = "testdata/equivalent-mutants.txt"

// checker is the main of a program that runs every vector against the
// reference, graded as qf check grades them, and exits 1 at the first
// that fails: built with a mutant of ref or rules in place, it says
// whether the vectors alone catch the mutant.
const checker = `package main

import (
	"fmt"
	"os"

	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

func main() {
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			fmt.Println(err)
			os.Exit(2)
		}
		for i := range f.Tests {
			t := &f.Tests[i]
			if !c.Passes(t, serve.Reference.Handle(c.Request(t)), suite.L3) {
				fmt.Println(t.ID)
				os.Exit(1)
			}
		}
	}
}
`

// equivalents returns the ids of equivalentFile with their reasons.
func equivalents(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(equivalentFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, why, _ := strings.Cut(line, " ")
		if strings.TrimSpace(why) == "" {
			t.Errorf("%s:%d: %s says not why it is equivalent", equivalentFile, n, id)
		}
		if _, ok := out[id]; ok {
			t.Errorf("%s:%d: %s listed twice", equivalentFile, n, id)
		}
		out[id] = strings.TrimSpace(why)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Every mutant listed as equivalent is a mutant of the code as it is: a
// listed mutant whose line changed is no longer known to be equivalent.
func TestEquivalentMutantsCurrent(t *testing.T) {
	all, err := mutation.FindIn("..", "ref", "rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range stale(equivalents(t), all) {
		t.Errorf("%s lists %s, which is no mutant of ref or rules now: its line changed; run the mutation test again (CONTRIBUTING.md)", equivalentFile, id)
	}
	// A mutant listed, then its line changed: stale.
	m := all[0]
	listed := map[string]string{m.ID(): "a reason"}
	if ids := stale(listed, all); len(ids) != 0 {
		t.Errorf("stale(%s) = %v, want none", m.ID(), ids)
	}
	src, err := os.ReadFile(filepath.Join("..", m.File))
	if err != nil {
		t.Fatal(err)
	}
	lineStart := strings.LastIndexByte(string(src[:m.Offset]), '\n') + 1
	changed := append(append(append([]byte{}, src[:lineStart]...), "x := 0; _ = x; "...), src[lineStart:]...)
	after, err := mutation.Find(m.File, changed)
	if err != nil {
		t.Fatal(err)
	}
	if ids := stale(listed, after); len(ids) != 1 {
		t.Errorf("with %s's line changed, stale = %v, want it", m, ids)
	}
}

// stale returns the ids of listed that name none of the mutants all.
func stale(listed map[string]string, all []mutation.Mutant) []string {
	current := map[string]bool{}
	for _, m := range all {
		current[m.ID()] = true
	}
	var out []string
	for id := range listed {
		if !current[id] {
			out = append(out, id)
		}
	}
	return out
}

// The vectors alone kill every mutant of ref and rules (package mutation,
// gremlins' operators) but the equivalent ones that equivalentFile lists:
// each mutant is built into a program that grades the reference against
// every vector, and a mutant it passes survives. A listed mutant that the
// vectors kill is an error too. It builds a program a mutant, so it runs
// only when QF_MUTATION says which: "all", a number (a sample evenly
// spread), or a kind (CONDITION_REMOVED, every mutant of that kind):
//
//	QF_MUTATION=all go test ./vectors -run VectorsKillMutants -v -timeout 2h
func TestVectorsKillMutants(t *testing.T) {
	spec := os.Getenv("QF_MUTATION")
	if spec == "" {
		t.Skip("QF_MUTATION unset: no mutants built (QF_MUTATION=all runs every one)")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	all, err := mutation.FindIn(root, "ref", "rules")
	if err != nil {
		t.Fatal(err)
	}
	n := len(all)
	switch count, err := strconv.Atoi(spec); {
	case spec == "all":
	case err == nil && count > 0:
		n = min(count, len(all))
	case strings.ToUpper(spec) == spec:
		all = slices.DeleteFunc(all, func(m mutation.Mutant) bool { return m.Kind != mutation.Kind(spec) })
		n = len(all)
	default:
		t.Fatalf("QF_MUTATION=%q: want all, a number or a kind of mutant", spec)
	}
	if n == 0 {
		t.Fatalf("QF_MUTATION=%q: no such mutants", spec)
	}
	equivalent := equivalents(t)
	// The checker passes the reference as it is: else every mutant would
	// look killed.
	dir := t.TempDir()
	files := map[string][]byte{"mutant-checker/main.go": []byte(checker)}
	if err := mutation.Build(root, dir, mutation.Mutant{}, files, "mutant-checker", filepath.Join(dir, "checker")); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(filepath.Join(dir, "checker")).CombinedOutput(); err != nil {
		t.Fatalf("the reference as it is fails the checker: %v\n%s", err, out)
	}
	blocks := reached(t, root)
	type outcome struct {
		killed, notViable, unreached bool
		by                           string // the first vector that fails, or how it ended
	}
	outcomes := make([]outcome, n)
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				m := all[k*len(all)/n]
				if !blocks.reach(m) {
					outcomes[k] = outcome{unreached: true}
					continue
				}
				dir := t.TempDir()
				prog := filepath.Join(dir, "checker")
				err := mutation.Build(root, dir, m, files, "mutant-checker", prog)
				if errors.Is(err, mutation.ErrNotViable) {
					outcomes[k] = outcome{notViable: true}
					continue
				}
				if err != nil {
					t.Error(err)
					continue
				}
				killed, by, err := runChecker(prog)
				if err != nil { // not run: neither killed nor survived
					t.Errorf("%s: %v", m, err)
					outcomes[k] = outcome{notViable: true}
					continue
				}
				outcomes[k] = outcome{killed: killed, by: by}
			}
		}()
	}
	for k := range n {
		next <- k
	}
	close(next)
	wg.Wait()
	var killed, survived, listed, notViable, unreached int
	for k, o := range outcomes {
		m := all[k*len(all)/n]
		_, isListed := equivalent[m.ID()]
		switch {
		case o.unreached:
			unreached++
		case o.notViable:
			notViable++
			t.Logf("%s: not viable (the compiler refuses it)", m)
		case o.killed && isListed:
			killed++
			t.Errorf("%s (%s): listed as equivalent in %s, but %s kills it", m, m.ID(), equivalentFile, o.by)
		case o.killed:
			killed++
		case isListed:
			listed++
		default:
			survived++
			t.Errorf("%s survives the vectors: add a vector that kills it, or list it as equivalent, with why, in %s:\n%s  %q", m, equivalentFile, m.ID(), m.Source)
		}
	}
	t.Logf("%d mutants of ref and rules (of %d): %d on lines no answer of the reference runs (not built); of the others %d killed by the vectors, %d equivalent (listed), %d surviving, %d not viable; %.0f s",
		n, len(all), unreached, killed, listed, survived, notViable, time.Since(start).Seconds())
}

// runChecker runs a checker program: killed when it exits with an error
// (a vector failed, or it panicked) or runs past two minutes, and by what:
// its first line, or "a timeout". An error is a program that could not be
// run at all.
func runChecker(prog string) (killed bool, by string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, prog).CombinedOutput()
	var exit *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return true, "a timeout", nil
	case err == nil:
		return false, "", nil
	case errors.As(err, &exit):
		return true, strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)[0], nil
	}
	return false, "", err
}

// runChecker tells a program that passes from one that fails, and from
// one that cannot be run.
func TestRunChecker(t *testing.T) {
	for _, c := range []struct {
		prog         string
		killed, fail bool
	}{{"true", false, false}, {"false", true, false}, {"/nonexistent/checker", false, true}} {
		prog, err := exec.LookPath(c.prog)
		if err != nil && !c.fail {
			t.Skipf("no %s here", c.prog)
		}
		if c.fail {
			prog = c.prog
		}
		killed, _, err := runChecker(prog)
		if killed != c.killed || (err != nil) != c.fail {
			t.Errorf("%s: killed %v, error %v", c.prog, killed, err)
		}
	}
}

// A block is a block of statements of ref or rules that coverage counts:
// its file (relative to the module's root), its span, and whether it ran.
type block struct {
	file                   string
	line0, col0, line, col int
	ran                    bool
}

type blocks []block

// reach reports whether m's change is in a block that ran.
func (bs blocks) reach(m mutation.Mutant) bool {
	for _, b := range bs {
		if b.ran && b.file == m.File && (m.Line > b.line0 || m.Line == b.line0 && m.Col >= b.col0) &&
			(m.Line < b.line || m.Line == b.line && m.Col <= b.col) {
			return true
		}
	}
	return false
}

// reached returns the blocks of ref and rules, and which of them the
// reference runs when it answers every vector (TestReferencePassesVectors,
// run with coverage; go build -cover would not instrument the checker's
// main, which exists only in an overlay). A mutant elsewhere changes no
// answer a vector can see: text for people, such as rules' notation, and
// code that only the generators call.
func reached(t *testing.T, root string) blocks {
	t.Helper()
	profile := filepath.Join(t.TempDir(), "profile.txt")
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestReferencePassesVectors$", "-coverpkg=./ref,./rules", "-coverprofile="+profile, "./vectors")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	text, err := os.ReadFile(profile)
	if err != nil {
		t.Fatal(err)
	}
	var out blocks
	for _, line := range strings.Split(string(text), "\n")[1:] {
		// module/ref/decode.go:12.34,15.2 3 1
		var b block
		var stmts, count int
		name, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		if _, err := fmt.Sscanf(rest, "%d.%d,%d.%d %d %d", &b.line0, &b.col0, &b.line, &b.col, &stmts, &count); err != nil {
			t.Fatalf("%s: %q: %v", profile, line, err)
		}
		_, b.file, _ = strings.Cut(name, "qf-conformance/")
		b.ran = count > 0
		out = append(out, b)
	}
	if len(out) == 0 {
		t.Fatal("no coverage of ref and rules")
	}
	return out
}

// The reference passes every vector, graded as qf check grades an
// implementation: what the checker of TestVectorsKillMutants runs, here
// in process, so that its coverage shows what the vectors reach.
func TestReferencePassesVectors(t *testing.T) {
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Tests {
			test := &f.Tests[i]
			if !c.Passes(test, serve.Reference.Handle(c.Request(test)), suite.L3) {
				t.Errorf("%s: the reference fails it", test.ID)
			}
		}
	}
}
