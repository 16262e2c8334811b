package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	qfconformance "github.com/qf-format/qf-conformance"
)

// From GoReleaser's binaries, a package per platform, chosen by its os
// and cpu, with the executable binary; and the launcher, depending on
// each at the same version; packed, the same bytes twice.
func TestPackages(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("no npm: the packages were not made")
	}
	wd, _ := os.Getwd()
	root := filepath.Join(wd, "..", "..")
	dist := t.TempDir()
	var artifacts []map[string]string
	for key := range platforms {
		goos, goarch, _ := strings.Cut(key, "/")
		path := filepath.Join(dist, goos+"_"+goarch, "qf")
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte("binary for "+key), 0o755)
		artifacts = append(artifacts, map[string]string{"path": path, "type": "Binary", "goos": goos, "goarch": goarch})
	}
	data, _ := json.Marshal(append(artifacts, map[string]string{"path": "x.tar.gz", "type": "Archive", "goos": "linux", "goarch": "amd64"}))
	os.WriteFile(filepath.Join(dist, "artifacts.json"), data, 0o644)

	os.Chdir(root) // for release/npm/README.md
	defer os.Chdir(wd)
	pack := func() map[string][]byte {
		var out, errOut bytes.Buffer
		if err := run([]string{"-dist", dist, "-version", "1.2.3"}, &out, &errOut); err != nil {
			t.Fatalf("%v\n%s", err, errOut.String())
		}
		tgz := map[string][]byte{}
		matches, _ := filepath.Glob(filepath.Join(dist, "npm", "*.tgz"))
		for _, m := range matches {
			tgz[filepath.Base(m)], _ = os.ReadFile(m)
		}
		return tgz
	}
	first, again := pack(), pack()
	if len(first) != 7 {
		t.Fatalf("%d tarballs", len(first))
	}
	// dist/npm holds the tarballs and nothing else: a package's directory
	// there, with its files, would join the repository's go test ./...
	entries, _ := os.ReadDir(filepath.Join(dist, "npm"))
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".tgz") {
			t.Errorf("dist/npm/%s: not a tarball", e.Name())
		}
	}
	for name, data := range first {
		if !bytes.Equal(data, again[name]) {
			t.Errorf("%s differs between two packs", name)
		}
	}
	launcher := files(t, first["qf-conformance-1.2.3.tgz"])
	var manifest struct {
		Bin      map[string]string
		Optional map[string]string `json:"optionalDependencies"`
	}
	json.Unmarshal(launcher["package/package.json"].data, &manifest)
	if manifest.Bin["qf"] != "bin/qf.js" || len(manifest.Optional) != 6 || launcher["package/bin/qf.js"].mode&0o111 == 0 {
		t.Errorf("the launcher: %+v, qf.js mode %o", manifest, launcher["package/bin/qf.js"].mode)
	}
	// The launcher holds the files of qf vectors -o, byte for byte, at
	// their paths; every package its licence, and says MIT.
	for _, p := range qfconformance.Paths() {
		want, _ := qfconformance.ReadFile(p)
		if got, ok := launcher["package/"+p]; !ok || !bytes.Equal(got.data, want) {
			t.Errorf("the launcher's %s: present %v, not the same bytes", p, ok)
		}
	}
	for name, data := range first {
		pkg := files(t, data)
		var m struct{ License string }
		json.Unmarshal(pkg["package/package.json"].data, &m)
		licence, _ := qfconformance.ReadFile("LICENSE")
		if m.License != "MIT" || !bytes.Equal(pkg["package/LICENSE"].data, licence) {
			t.Errorf("%s: license %q, LICENSE present %v", name, m.License, pkg["package/LICENSE"].data != nil)
		}
	}
	for name, version := range manifest.Optional {
		p := files(t, first[name+"-"+version+".tgz"])
		var m struct{ OS, CPU []string }
		json.Unmarshal(p["package/package.json"].data, &m)
		exe := "package/bin/qf"
		if m.OS[0] == "win32" {
			exe += ".exe"
		}
		if name != fmt.Sprintf("qf-conformance-%s-%s", m.OS[0], m.CPU[0]) || p[exe].mode&0o111 == 0 || !strings.HasPrefix(string(p[exe].data), "binary for ") {
			t.Errorf("%s: os %v, cpu %v, %s mode %o", name, m.OS, m.CPU, exe, p[exe].mode)
		}
	}
}

type file struct {
	data []byte
	mode int64
}

func files(t *testing.T, tgz []byte) map[string]file {
	zr, err := gzip.NewReader(bytes.NewReader(tgz))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]file{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		out[h.Name] = file{data, h.Mode}
	}
}

// The launcher runs the platform's qf with the arguments and gives back
// its exit status; without the platform's package it says which is
// missing, with status 2.
func TestLauncher(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node: the launcher was not run")
	}
	p, ok := map[string]string{"linux/amd64": "linux-x64", "linux/arm64": "linux-arm64", "darwin/amd64": "darwin-x64", "darwin/arm64": "darwin-arm64"}[runtime.GOOS+"/"+runtime.GOARCH]
	if !ok {
		t.Skip("the launcher's test runs a shell script as qf: not on " + runtime.GOOS)
	}
	modules := filepath.Join(t.TempDir(), "node_modules")
	os.MkdirAll(filepath.Join(modules, Name, "bin"), 0o755)
	os.WriteFile(filepath.Join(modules, Name, "bin", "qf.js"), launcher, 0o755)
	run := func() (string, int) {
		cmd := exec.Command("node", filepath.Join(modules, Name, "bin", "qf.js"), "check", "a b")
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	if out, status := run(); status != 2 || !strings.Contains(out, "the package qf-conformance-"+p+" is not installed") {
		t.Errorf("no platform package: status %d, %q", status, out)
	}
	bin := filepath.Join(modules, Name+"-"+p, "bin")
	os.MkdirAll(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "qf"), []byte("#!/bin/sh\necho \"args: $1|$2\"\nexit 3\n"), 0o755)
	if out, status := run(); status != 3 || out != "args: check|a b\n" {
		t.Errorf("the platform's qf: status %d, %q; want 3 and its arguments whole", status, out)
	}
}
