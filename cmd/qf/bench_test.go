package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/mutation"
	"github.com/qf-format/qf-conformance/serve/servetest"
)

// BenchmarkHello measures what starting a qf process costs, as qf fuzz
// pays it for a qf serve child on each restart: each op starts qf serve,
// asks hello, reads the answer and waits for the process to end. The
// baseline is the same with a Go program that only answers one line;
// serve-alone, with a program of protocol.Serve and serve.Reference and
// nothing else of qf (built with -overlay as if it were in cmd/), which
// shows what the packages qf links beside them cost a start.
func BenchmarkHello(b *testing.B) {
	dir := b.TempDir()
	qf := filepath.Join(dir, "qf")
	if out, err := exec.Command("go", "build", "-o", qf, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	const echo = "package main\n\nimport (\n\t\"bufio\"\n\t\"os\"\n)\n\n" +
		"func main() {\n\tr := bufio.NewReader(os.Stdin)\n\tr.ReadString('\\n')\n\tos.Stdout.WriteString(\"{\\\"ok\\\":true}\\n\")\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "echo.go"), []byte(echo), 0o644); err != nil {
		b.Fatal(err)
	}
	baseline := filepath.Join(dir, "echo")
	if out, err := exec.Command("go", "build", "-o", baseline, filepath.Join(dir, "echo.go")).CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	alone := filepath.Join(dir, "serve-alone")
	buildAlone(b, alone)
	for _, c := range []struct {
		name string
		argv []string
	}{{"baseline", []string{baseline}}, {"serve-alone", []string{alone}}, {"qf-serve", []string{qf, "serve"}}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				hello(b, c.argv)
			}
		})
	}
}

// hello starts argv, sends hello and reads one line back.
func hello(b *testing.B, argv []string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stdin.Write([]byte(`{"op":"hello"}` + "\n"))
	line, err := bufio.NewReader(stdout).ReadString('\n')
	stdin.Close()
	if err != nil || !strings.Contains(line, "true") && !strings.Contains(line, "qf-conformance") {
		b.Fatalf("%s: %q, %v", argv[0], line, err)
	}
	if err := cmd.Wait(); err != nil {
		b.Fatal(err)
	}
}

// buildAlone builds to out a program that serves the reference and links
// nothing else of qf, its main in a directory of this module that exists
// only in the build's overlay.
func buildAlone(b *testing.B, out string) {
	dir := filepath.Dir(out)
	wd, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	files := map[string][]byte{"serve-alone/main.go": []byte(servetest.Alone)}
	if err := mutation.Build(filepath.Dir(wd), dir, mutation.Mutant{}, files, "serve-alone", out); err != nil {
		b.Fatal(err)
	}
}
