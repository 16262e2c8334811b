package qfconformance_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
	"testing/fstest"
)

// largeFile is the size above which a tracked file is build output, not
// source, unless it is one of the generated files the repository keeps on
// purpose (bigAllowed).
const largeFile = 1 << 20

// bigAllowed reports whether a file may be larger than largeFile: the
// vector files (cmd/vectorgen writes them) and the explorer's WebAssembly,
// explore/qf.wasm.gz, which cmd/vectorgen rebuilds from its sources and
// every qf embeds (README.md, "Releases").
func bigAllowed(p string) bool {
	dir, name := path.Split(p)
	return dir == "vectors/" && strings.HasSuffix(name, ".json") || dir == "explore/" && strings.HasPrefix(name, "qf.wasm")
}

// buildOutput returns the files among names in fsys that are build
// output: executables (ELF, Mach-O, PE) and files over largeFile that
// bigAllowed does not name, each with why.
func buildOutput(fsys fs.FS, names []string) []string {
	var out []string
	magics := [][]byte{{0x7f, 'E', 'L', 'F'}, {0xcf, 0xfa, 0xed, 0xfe}, {0xfe, 0xed, 0xfa, 0xcf}, {'M', 'Z'}}
	for _, name := range names {
		info, err := fs.Stat(fsys, name)
		if err != nil || !info.Mode().IsRegular() {
			continue // a file deleted in the work tree, or a link
		}
		f, err := fsys.Open(name)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		head := make([]byte, 4)
		n, _ := f.Read(head)
		f.Close()
		for _, m := range magics {
			if bytes.HasPrefix(head[:n], m) {
				out = append(out, name+": an executable")
				break
			}
		}
		if info.Size() > largeFile && !bigAllowed(name) {
			out = append(out, fmt.Sprintf("%s: %d bytes, over %d", name, info.Size(), largeFile))
		}
	}
	return out
}

// No build output is tracked: no executable, and no file over 1 MB but
// the vectors and the explorer's WebAssembly. Every clone carries what is
// tracked.
func TestNoBuildOutput(t *testing.T) {
	list, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git work tree, or no git: %v", err)
	}
	names := strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00")
	if bad := buildOutput(os.DirFS("."), names); len(bad) > 0 {
		t.Errorf("build output is tracked (git rm --cached it, and add it to .gitignore):\n%s", strings.Join(bad, "\n"))
	}
}

// The check finds a planted file of 2 MB, and an executable, and lets
// the vectors and the WebAssembly be large.
func TestBuildOutputFound(t *testing.T) {
	big := make([]byte, 2<<20)
	fsys := fstest.MapFS{
		"notes/big.txt":            {Data: big},
		"npm":                      {Data: []byte("\x7fELF\x02\x01\x01")},
		"qf.exe":                   {Data: []byte("MZ\x90\x00")},
		"vectors/decode.json":      {Data: big},
		"explore/qf.wasm.gz":       {Data: big},
		"README.md":                {Data: []byte("# qf")},
		"examples/python/serve.py": {Data: []byte("#!/usr/bin/env python3")},
	}
	var names []string
	for name := range fsys {
		names = append(names, name)
	}
	got := strings.Join(buildOutput(fsys, names), "\n")
	for _, want := range []string{"notes/big.txt: 2097152 bytes", "npm: an executable", "qf.exe: an executable"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not found in\n%s", want, got)
		}
	}
	for _, ok := range []string{"vectors/", "explore/", "README", "serve.py"} {
		if strings.Contains(got, ok) {
			t.Errorf("%s reported:\n%s", ok, got)
		}
	}
}
