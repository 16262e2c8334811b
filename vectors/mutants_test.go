package vectors_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/internal/mutation"
	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/serve/servetest"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// equivalentFile lists the mutants of ref and rules that no vector can
// kill, each with why: they change nothing an implementation answers.
const equivalentFile = "testdata/equivalent-mutants.txt"

// checker is the main of a program that runs every vector against the
// reference, graded as qf check grades them, and exits 1 at the first
// that fails: built with a mutant of ref or rules in place, it says
// whether the vectors alone catch the mutant. The encoder's answers are
// ref's alone (refAnswer, as this file writes it): package serve reads the
// common text of a value with a quick reading of its own, which the
// fuzz target FuzzEncodeAsRef holds to these answers, and which would
// hide ref's reading of that text from the mutants.
const checker = `package main

import (
	"fmt"
	"os"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
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
			if !c.Passes(t, answer(c.Request(t)), suite.L3) {
				fmt.Println(t.ID)
				os.Exit(1)
			}
		}
	}
}

func answer(req *protocol.Request) *protocol.Response {
	if req.Op != protocol.Encode {
		return serve.Reference.Handle(req)
	}
	var v ref.Value
	if err := v.UnmarshalJSON(req.Value); err != nil {
		return serve.Error(err)
	}
	code, err := ref.Encode(&v)
	if err != nil {
		return serve.Error(err)
	}
	return &protocol.Response{Code: &code}
}
`

// equivalents returns the entries of equivalentFile with their reasons:
// a mutant's id, or "func NAME" for the mutants of a function that the
// serving program does not link (NAME as funcName writes it).
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
		if id == "func" {
			var name string
			name, why, _ = strings.Cut(why, " ")
			id = "func " + name
		}
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

// stale returns the entries of listed that name none of the mutants all,
// by its id or its function.
func stale(listed map[string]string, all []mutation.Mutant) []string {
	current := map[string]bool{}
	for _, m := range all {
		current[m.ID()] = true
		current["func "+funcName(m)] = true
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
// every vector, and a mutant it passes survives. Two kinds are known
// without a run: a mutant in a function that the reference's serving
// program (servetest.Alone) does not link changes no answer, and the
// file lists the function with why (not built); one on a line that no
// vector runs survives (coverage of TestReferencePassesVectors). A listed
// mutant that the vectors kill, and a function listed that the program
// links, are errors too. It builds a program a mutant, so it runs only
// when QF_MUTATION says which: "all", a number (a sample evenly spread),
// a kind (CONDITION_REMOVED), or a file ("ref/unmarshal.go"):
//
//	QF_MUTATION=all go test ./vectors -run VectorsKillMutants -v -timeout 1h
func TestVectorsKillMutants(t *testing.T) {
	sel := os.Getenv("QF_MUTATION")
	if sel == "" {
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
	chosen, err := choose(sel, all)
	if err != nil {
		t.Fatal(err)
	}
	equivalent := equivalents(t)
	// The checker passes the reference as it is: else every mutant would
	// look killed.
	dir := t.TempDir()
	files := map[string][]byte{"mutant-checker/main.go": []byte(checker)}
	if err := mutation.Build(root, dir, mutation.Mutant{}, files, "mutant-checker", filepath.Join(dir, "checker")); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	if out, err := exec.Command(filepath.Join(dir, "checker")).CombinedOutput(); err != nil {
		t.Fatalf("the reference as it is fails the checker: %v\n%s", err, out)
	}
	// A mutant that takes thirty times the reference's time is killed, as
	// qf check's time limits would fail it: a mutant that loops forever
	// ends there.
	limit := max(10*time.Second, 30*time.Since(began))
	linked := answering(t, root)
	blocks := reached(t, root)
	start := time.Now()
	outcomes := make([]outcome, len(chosen))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				outcomes[k] = try(t, root, chosen[k], files, linked, blocks, limit)
			}
		}()
	}
	for k := range chosen {
		next <- k
	}
	close(next)
	wg.Wait()
	judge(t, chosen, outcomes, equivalent)
	t.Logf("of %d mutants of ref and rules; %.0f s", len(all), time.Since(start).Seconds())
}

// judge fails t for each outcome of the mutants chosen that the
// equivalents listed do not account for, and logs the tally.
func judge(t *testing.T, chosen []mutation.Mutant, outcomes []outcome, equivalent map[string]string) {
	var tally [numFates]int
	unlinked := map[string]int{}
	linkedFuncs := map[string]bool{}
	for k, o := range outcomes {
		m := chosen[k]
		_, listed := equivalent[m.ID()]
		fate := o.fate
		if (fate == survived || fate == unrun) && listed {
			fate = equivalentListed
		}
		if fate != unlinkedFunc {
			linkedFuncs[funcName(m)] = true
		}
		tally[fate]++
		switch {
		case fate == unlinkedFunc:
			unlinked[funcName(m)]++
			if listed {
				t.Errorf("%s (%s): listed in %s, but its function, %s, is not linked into the reference's serving program: list the function alone", m, m.ID(), equivalentFile, funcName(m))
			}
		case fate == notViable:
			t.Logf("%s: not viable (the compiler refuses it)", m)
		case fate == killed && listed:
			t.Errorf("%s (%s): listed as equivalent in %s, but %s kills it", m, m.ID(), equivalentFile, o.by)
		case fate == survived || fate == unrun:
			t.Errorf("%s survives the vectors%s: add a vector that kills it, or list it as equivalent, with why, in %s:\n%s  %q",
				m, o.by, equivalentFile, m.ID(), m.Source)
		}
	}
	names := slices.Sorted(maps.Keys(unlinked))
	for _, name := range names {
		if _, ok := equivalent["func "+name]; !ok {
			t.Errorf("%s, with %d mutants, is not linked into the reference's serving program: list it in %s as\nfunc %s  (why no answer calls it)", name, unlinked[name], equivalentFile, name)
		}
	}
	for entry := range equivalent {
		if name, ok := strings.CutPrefix(entry, "func "); ok && linkedFuncs[name] {
			t.Errorf("%s lists %s as not linked into the reference's serving program, but it is: list its surviving mutants instead", equivalentFile, name)
		}
	}
	for i, name := range names {
		names[i] = fmt.Sprintf("%s (%d)", name, unlinked[name])
	}
	t.Logf("functions that the serving program does not link, with their mutants: %s", strings.Join(names, ", "))
	t.Logf("%d mutants: %d killed by the vectors; %d equivalent, listed: %d by their ids, %d by their %d functions, which the serving program does not link; %d surviving (%d on lines no vector runs); %d not viable (the compiler refuses them)",
		len(chosen), tally[killed], tally[equivalentListed]+tally[unlinkedFunc], tally[equivalentListed], tally[unlinkedFunc], len(unlinked),
		tally[survived]+tally[unrun], tally[unrun], tally[notViable])
}

// module is the module's path, which the linker prefixes to its functions.
const module = "github.com/qf-format/qf-conformance"

// choose returns the mutants of all that sel names: "all"; a number n, a
// sample of n evenly spread; a kind; or a file.
func choose(sel string, all []mutation.Mutant) ([]mutation.Mutant, error) {
	var out []mutation.Mutant
	count, err := strconv.Atoi(sel)
	switch {
	case sel == "all":
		out = all
	case err == nil && count > 0:
		n := min(count, len(all))
		for k := range n {
			out = append(out, all[k*len(all)/n])
		}
	case strings.HasSuffix(sel, ".go"):
		out = slices.DeleteFunc(slices.Clone(all), func(m mutation.Mutant) bool { return m.File != sel })
	case strings.ToUpper(sel) == sel:
		out = slices.DeleteFunc(slices.Clone(all), func(m mutation.Mutant) bool { return m.Kind != mutation.Kind(sel) })
	default:
		return nil, fmt.Errorf("QF_MUTATION=%q: want all, a number, a kind of mutant or a file (ref/decode.go)", sel)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("QF_MUTATION=%q: no such mutants", sel)
	}
	return out, nil
}

// A fate is what became of a mutant.
type fate int

const (
	killed           fate = iota
	survived              // built, run, and every vector passed
	unrun                 // on a line no vector runs: survives, not run
	unlinkedFunc          // in a function no answer can run: unbuilt
	notViable             // the compiler refuses it
	equivalentListed      // survived, and listed as equivalent
	numFates
)

type outcome struct {
	fate fate
	by   string // the first vector that failed, or how it ended; why it survived
}

// try finds what becomes of mutant m: it is built when an answer can run
// its function, and run when a vector runs its line too.
func try(t *testing.T, root string, m mutation.Mutant, files map[string][]byte, linked map[string]bool, blocks blocks, limit time.Duration) outcome {
	if m.Func != "" && !linked[funcSymbol(m)] {
		return outcome{fate: unlinkedFunc}
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "checker")
	err := mutation.Build(root, dir, m, files, "mutant-checker", prog)
	if errors.Is(err, mutation.ErrNotViable) {
		return outcome{fate: notViable}
	}
	if err != nil {
		t.Error(err)
		return outcome{fate: notViable}
	}
	if blocks.unrun(m) {
		return outcome{fate: unrun, by: " (no vector runs its line)"}
	}
	wasKilled, by, err := runChecker(prog, limit)
	switch {
	case err != nil: // not run: neither killed nor survived
		t.Errorf("%s: %v", m, err)
		return outcome{fate: notViable}
	case wasKilled:
		return outcome{fate: killed, by: by}
	}
	keep(t, root, m)
	return outcome{fate: survived}
}

// keep builds a surviving mutant m as a program serving the reference
// (servetest.Alone) into the directory QF_MUTATION_KEEP, if set, named
// by its file, line, column, kind and digest, so that qf fuzz can look for an input
// on which it answers otherwise than the reference:
//
//	QF_MUTATION=all QF_MUTATION_KEEP=/tmp/survivors go test ./vectors -run VectorsKillMutants
//	for m in /tmp/survivors/*; do go run ./cmd/qf fuzz -n 100000 -- $m; done
func keep(t *testing.T, root string, m mutation.Mutant) {
	dir := os.Getenv("QF_MUTATION_KEEP")
	if dir == "" {
		return
	}
	id := m.ID()
	name := fmt.Sprintf("%s-%d-%d-%s-%s", strings.NewReplacer("/", "-", ".go", "").Replace(m.File), m.Line, m.Col, m.Kind, id[strings.LastIndexByte(id, ':')+1:])
	files := map[string][]byte{"mutant-server/main.go": []byte(servetest.Alone)}
	if err := mutation.Build(root, t.TempDir(), m, files, "mutant-server", filepath.Join(dir, name)); err != nil {
		t.Errorf("%s: keeping it: %v", m, err)
	}
}

// funcName returns the name of m's function within the module, such as
// "rules.Notation" or "ref.(*reader).object".
func funcName(m mutation.Mutant) string { return path.Dir(m.File) + "." + m.Func }

// funcSymbol returns the name the linker gives m's function.
func funcSymbol(m mutation.Mutant) string { return module + "/" + funcName(m) }

// answering returns the functions of the program that serves the
// reference (servetest.Alone), built without inlining: the functions an
// answer of the reference can run.
func answering(t *testing.T, root string) map[string]bool {
	t.Helper()
	dir := t.TempDir()
	prog := filepath.Join(dir, "serve")
	files := map[string][]byte{"mutant-server/main.go": []byte(servetest.Alone)}
	if err := mutation.Build(root, dir, mutation.Mutant{}, files, "mutant-server", prog, mutation.NoInlining); err != nil {
		t.Fatal(err)
	}
	funcs, err := mutation.Linked(prog)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"ref.decode", "rules.Squares"} {
		if !funcs[module+"/"+f] {
			t.Fatalf("the serving program does not link %s: the names of its functions are not as expected", f)
		}
	}
	return funcs
}

// runChecker runs a checker program: killed when it exits with an error
// (a vector failed, or it panicked) or runs past limit, and by what: its
// first line, or "a timeout". An error is a program that could not be
// run at all.
func runChecker(prog string, limit time.Duration) (killed bool, by string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
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
		killed, _, err := runChecker(prog, time.Minute)
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

// unrun reports whether m's change is in a block that did not run. A
// change in no block is not known to be unrun: coverage counts
// statements, and a case's expression, a loop's condition, a package's
// variables and an array's length are in none.
func (bs blocks) unrun(m mutation.Mutant) bool {
	for _, b := range bs {
		if b.file == m.File && (m.Line > b.line0 || m.Line == b.line0 && m.Col >= b.col0) &&
			(m.Line < b.line || m.Line == b.line && m.Col <= b.col) {
			return !b.ran
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
// implementation: what the checker of TestVectorsKillMutants runs (its
// encoder's answers ref's alone), here in process, so that its coverage
// shows what the vectors reach; and so does package serve's handler,
// what qf serve runs.
func TestReferencePassesVectors(t *testing.T) {
	for _, c := range suite.Categories {
		f, err := vectors.Load(c.File())
		if err != nil {
			t.Fatal(err)
		}
		for i := range f.Tests {
			test := &f.Tests[i]
			if !c.Passes(test, refAnswer(c.Request(test)), suite.L3) {
				t.Errorf("%s: the reference fails it", test.ID)
			}
			if !c.Passes(test, serve.Reference.Handle(c.Request(test)), suite.L3) {
				t.Errorf("%s: the reference's handler (package serve) fails it", test.ID)
			}
		}
	}
}

// refAnswer is the checker's answer: the reference's handler's, but that
// the encoder's is ref's reading of JSON and Encode alone.
func refAnswer(req *protocol.Request) *protocol.Response {
	if req.Op != protocol.Encode {
		return serve.Reference.Handle(req)
	}
	var v ref.Value
	if err := v.UnmarshalJSON(req.Value); err != nil {
		return serve.Error(err)
	}
	code, err := ref.Encode(&v)
	if err != nil {
		return serve.Error(err)
	}
	return &protocol.Response{Code: &code}
}

// A mutant is unrun only inside a block that coverage saw not run: one in
// no block (a case's expression, a package's variable) is not known to be.
func TestUnrun(t *testing.T) {
	bs := blocks{
		{file: "ref/a.go", line0: 10, col0: 2, line: 12, col: 3, ran: true},
		{file: "ref/a.go", line0: 14, col0: 2, line: 16, col: 3, ran: false},
	}
	for _, c := range []struct {
		file      string
		line, col int
		want      bool
	}{
		{"ref/a.go", 11, 5, false}, // in a block that ran
		{"ref/a.go", 15, 5, true},  // in one that did not
		{"ref/a.go", 16, 3, true},  // at its end
		{"ref/a.go", 13, 5, false}, // between blocks: a case's expression
		{"ref/b.go", 15, 5, false}, // another file
	} {
		m := mutation.Mutant{File: c.file, Line: c.line, Col: c.col}
		if got := bs.unrun(m); got != c.want {
			t.Errorf("%s:%d:%d: unrun %v, want %v", c.file, c.line, c.col, got, c.want)
		}
	}
}

// QF_MUTATION chooses all mutants, a sample, a kind or a file.
func TestChoose(t *testing.T) {
	all := []mutation.Mutant{
		{File: "ref/a.go", Kind: mutation.ArithmeticBase},
		{File: "ref/a.go", Kind: mutation.ConditionRemoved},
		{File: "rules/b.go", Kind: mutation.ArithmeticBase},
		{File: "rules/b.go", Kind: mutation.IncrementDecrement},
	}
	for _, c := range []struct {
		sel  string
		want int
	}{{"all", 4}, {"2", 2}, {"9", 4}, {"ARITHMETIC_BASE", 2}, {"rules/b.go", 2}, {"ref/none.go", -1}, {"NO_SUCH_KIND", -1}, {"some", -1}, {"0", -1}} {
		got, err := choose(c.sel, all)
		if c.want < 0 {
			if err == nil {
				t.Errorf("QF_MUTATION=%s: %d mutants, want an error", c.sel, len(got))
			}
			continue
		}
		if err != nil || len(got) != c.want {
			t.Errorf("QF_MUTATION=%s: %d mutants, %v; want %d", c.sel, len(got), err, c.want)
		}
	}
}
