package generative

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/gcpace"
	"github.com/qf-format/qf-conformance/internal/measure"
	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
)

// Cases per second, every op and profile, with the reference in this
// process, with qf serve's loop as a child process (the fake "serve"
// runs protocol.Serve with the reference, exactly as qf serve does), with
// examples/js under node, with a fake that crashes on every fifth
// request (each of its processes answers four), with the realistic
// faults of the TypeScript package in this process; and a native program
// that crashes on one input in a hundred (by a digest of the input) beside
// the same program crash-free, and one that crashes on every code with a
// record, most of what is drawn; and native/answers, a program that looks
// the reference's answers up, precomputed, as fast as an implementation
// can be: what qf itself spends on a case shows there; and program, the
// program QF_BENCH_PROGRAM names (its arguments after it, split at
// spaces), when set: an implementation of one's own, whose run
// -cpuprofile profiles on qf's side. Each reports qf's
// CPU a case (this process's, user and system: for an implementation in
// process, its CPU too, but never a child's), and vectors is the part of
// every run that does not grow with -n: the suite's vectors, asked first,
// in process.
//
//	go test ./generative -run '^$' -bench Fuzz -benchtime 3x
//
// The collector runs at qf fuzz's pace (package internal/gcpace), unless
// the environment sets GOGC.
func BenchmarkFuzz(b *testing.B) {
	gcpace.Relax()
	const cases = 20000
	bench := func(b *testing.B, opts Options) {
		cases := cases
		if opts.N > 0 {
			cases = opts.N
		}
		opts.N, opts.Seed = cases, 1
		var took, cpu time.Duration
		for i := 0; i < b.N; i++ {
			start, startCPU := time.Now(), measure.CPUTime()
			rep, err := Run(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			took, cpu = took+time.Since(start), cpu+measure.CPUTime()-startCPU
			if rep.Total() != cases || len(rep.Problems) > 0 || opts.Command != nil && opts.Command[0] == "node" && !rep.OK() {
				b.Fatalf("%d cases, %d causes, %q", rep.Total(), len(rep.Causes), rep.Problems)
			}
		}
		b.ReportMetric(float64(b.N*cases)/took.Seconds(), "cases/s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*cases), "qf-cpu-µs/case")
	}
	b.Run("in-process", func(b *testing.B) { bench(b, Options{Options: driver.Options{Handler: serve.Reference}}) })
	b.Run("vectors", func(b *testing.B) {
		bench(b, Options{Options: driver.Options{Handler: serve.Reference}, N: vectorCount(b)})
	})
	b.Run("serve", func(b *testing.B) { bench(b, Options{Options: driver.Options{Command: serveCommand(b)}}) })
	b.Run("crash-prone", func(b *testing.B) {
		b.Setenv("QF_FAKE", "crash-every-5th")
		bench(b, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}, MaxFailuresInARow: 3}})
	})
	for _, mode := range []struct {
		name string
		n    int
	}{{"normal", 0}, {"crash-1-in-100", 0}, {"crash-records", 2000}, {"answers", 0}} {
		b.Run("native/"+mode.name, func(b *testing.B) {
			b.Setenv("QF_FAKE", mode.name)
			if mode.name == "answers" {
				b.Setenv("QF_FAKE_ANSWERS", writeAnswers(b, 1, cases))
			}
			bench(b, Options{Options: driver.Options{Command: []string{os.Args[0], "-test.run=^$"}}, N: mode.n})
		})
	}
	b.Run("program", func(b *testing.B) {
		program := strings.Fields(os.Getenv("QF_BENCH_PROGRAM"))
		if len(program) == 0 {
			b.Skip("QF_BENCH_PROGRAM names no program")
		}
		bench(b, Options{Options: driver.Options{Command: program}})
	})
	b.Run("typescript", func(b *testing.B) {
		m, _ := faultstest.Named("typescript")
		bench(b, Options{Options: driver.Options{Handler: m.Handler()}})
	})
	b.Run("js", func(b *testing.B) {
		if _, err := exec.LookPath("node"); err != nil {
			b.Skip("no node")
		}
		bench(b, Options{Options: driver.Options{Command: []string{"node", "../examples/js/serve.js"}}})
	})
}

// vectorCount returns the number of the suite's vectors, asked first in
// every run.
func vectorCount(b *testing.B) int {
	seeds, err := seedBatches(suite.Categories, nil, suite.L3)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, s := range seeds {
		n += len(s.cases)
	}
	return n
}

// BenchmarkCase measures, per category, what a case of qf fuzz costs
// besides the implementation: drawing its input, and the reference's
// expectation; and the reference answering it, which is the
// implementation's share when qf fuzz checks the reference.
//
//	go test ./generative -run '^$' -bench Case -benchmem
func BenchmarkCase(b *testing.B) {
	for _, c := range suite.Categories {
		r := gen.NewRand(1).WithLongInputs() // as qf fuzz draws
		inputs := make([]fcase, 1000)
		for i := range inputs {
			inputs[i] = fcase{c, r.Input(c)}
		}
		b.Run("draw/"+c.Name(), func(b *testing.B) {
			r := gen.NewRand(1).WithLongInputs()
			for i := 0; i < b.N; i++ {
				r.Input(c)
			}
		})
		b.Run("expect/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				inputs[i%1000].expect()
			}
		})
		b.Run("reference/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				serve.Reference.Handle(inputs[i%1000].request())
			}
		})
	}
}

// BenchmarkCommand runs qf fuzz as a user runs it: the qf command, built
// for the benchmark, a process of its own, `qf fuzz -seed 1 -n 200000 --
// PROGRAM`, its report written to a pipe, against a native program that
// looks the reference's answers up (the fake "answers", as
// native/answers): "answers" writes the reference's answers byte for
// byte; "messages" words its errors' messages its own way, as every
// implementation written apart from the reference does (the protocol
// grades no message); "bare" writes its errors with no message at all,
// as the protocol allows and many an implementation does (a native Rust
// one written from the kit, for one); "spaced" writes its JSON as Python's json.dumps
// does, a space after each comma and colon; "lines" writes each answer as
// it is made, a write a line, as Rust's standard output does, and
// "lines-slow" spends 8 µs of CPU on each request too, about what a
// native implementation that decodes and encodes spends. It reports qf's CPU a case: the command's own,
// user and system, from its rusage less the program's, which each of its
// processes notes at its end (QF_FAKE_CPU), the program's, and the ratio
// of the two, measured in the same run: below 1, qf spends less than the
// program it checks (issue 51 measured 1.38-1.45 against a native Rust
// implementation; CONTRIBUTING.md, "Speed", has today's figures).
//
//	go test ./generative -run '^$' -bench Command -benchtime 3x
//
// QF_BENCH_QF, when set, names the qf to run in place of one built from
// this tree: another build's, to compare in turn. QF_BENCH_PROGRAM, when
// set, names a program of your own (an implementation written from the
// kit, its arguments after it, split at spaces) for the mode "program",
// run as the others are and its CPU counted apart; without it, "program"
// is skipped.
func BenchmarkCommand(b *testing.B) {
	qf := os.Getenv("QF_BENCH_QF")
	if qf == "" {
		goCmd, err := exec.LookPath("go")
		if err != nil {
			b.Skip("no go command to build qf with")
		}
		qf = filepath.Join(b.TempDir(), "qf")
		if out, err := exec.Command(goCmd, "build", "-o", qf, "../cmd/qf").CombinedOutput(); err != nil {
			b.Fatalf("building qf: %v\n%s", err, out)
		}
	}
	const cases = 200000
	answers := writeAnswers(b, 1, cases)
	for _, mode := range []struct {
		name string
		env  []string
	}{
		{"answers", nil}, {"messages", []string{"QF_FAKE_STYLE=messages"}}, {"bare", []string{"QF_FAKE_STYLE=bare"}},
		{"spaced", []string{"QF_FAKE_STYLE=spaced"}},
		{"lines", []string{"QF_FAKE_FLUSH=line"}}, {"lines-slow", []string{"QF_FAKE_FLUSH=line", "QF_FAKE_WORK=8us"}},
		{"program", []string{"QF_FAKE=exec", "QF_FAKE_EXEC=" + os.Getenv("QF_BENCH_PROGRAM")}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			if mode.name == "program" && os.Getenv("QF_BENCH_PROGRAM") == "" {
				b.Skip("QF_BENCH_PROGRAM names no program")
			}
			var qfCPU, programCPU time.Duration
			for i := 0; i < b.N; i++ {
				own, program := runCommand(b, qf, answers, mode.env, cases)
				qfCPU, programCPU = qfCPU+own, programCPU+program
			}
			b.ReportMetric(float64(qfCPU.Microseconds())/float64(b.N*cases), "qf-cpu-µs/case")
			b.ReportMetric(float64(programCPU.Microseconds())/float64(b.N*cases), "program-cpu-µs/case")
			b.ReportMetric(qfCPU.Seconds()/programCPU.Seconds(), "qf/program")
		})
	}
}

// runCommand runs the qf command at path once, for n cases, against the
// fake "answers" with env, its variables (QF_FAKE_STYLE, QF_FAKE_FLUSH,
// QF_FAKE_WORK; QF_FAKE=exec and QF_FAKE_EXEC for another program), and returns the CPU time the command spent itself and
// the program spent.
func runCommand(b *testing.B, qf, answers string, env []string, n int) (own, program time.Duration) {
	noted := filepath.Join(b.TempDir(), "cpu")
	cmd := exec.Command(qf, "fuzz", "-seed", "1", "-n", strconv.Itoa(n), "--", os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "QF_FAKE=answers", "QF_FAKE_ANSWERS="+answers, "QF_FAKE_CPU="+noted)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.Output()
	if err != nil || !bytes.Contains(out, []byte(fmt.Sprintf("fuzz: %d cases, 0 disagreements", n))) {
		b.Fatalf("qf fuzz: %v\n%s", err, out)
	}
	data, err := os.ReadFile(noted)
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Fields(string(data)) {
		us, err := strconv.ParseInt(line, 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		program += time.Duration(us) * time.Microsecond
	}
	// The command's rusage counts its children, waited for, too.
	all := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return all - program, program
}
