// Command npm makes the npm packages of a qf release from the binaries
// that GoReleaser built into dist/ (its artifacts.json): one small package
// per platform, qf-conformance-<os>-<cpu>, holding the binary and chosen
// by npm from its "os" and "cpu"; and qf-conformance, a launcher that
// depends on all of them optionally and runs the one installed. Then it
// packs each with npm pack into dist/npm, where npm publish takes them.
// release/release.sh runs it:
//
//	go run ./release/npm -dist dist -version 1.3.0
//
// The packages are the same bytes from the same binaries: npm pack gives
// its entries a fixed time and order.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	qfconformance "github.com/qf-format/qf-conformance"
)

// Name is the launcher's package: npx qf-conformance check -- COMMAND.
const Name = "qf-conformance"

//go:embed qf.js
var launcher []byte

// platforms maps Go's GOOS/GOARCH to node's process.platform and
// process.arch, which npm's "os" and "cpu" name.
var platforms = map[string][2]string{
	"linux/amd64":   {"linux", "x64"},
	"linux/arm64":   {"linux", "arm64"},
	"darwin/amd64":  {"darwin", "x64"},
	"darwin/arm64":  {"darwin", "arm64"},
	"windows/amd64": {"win32", "x64"},
	"windows/arm64": {"win32", "arm64"},
}

const repository = "https://github.com/qf-format/qf-conformance"

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "npm:", err)
		}
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("npm", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dist := fs.String("dist", "dist", "GoReleaser's output `directory`, with artifacts.json")
	version := fs.String("version", "", "the packages' `version`, without a v (npm semver)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *version == "" || strings.HasPrefix(*version, "v") {
		return fmt.Errorf("-version %q: want a version such as 1.3.0, without a v", *version)
	}
	binaries, err := readBinaries(*dist)
	if err != nil {
		return err
	}
	out, err := filepath.Abs(filepath.Join(*dist, "npm"))
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// The packages' directories are staged outside dist, which then holds
	// the tarballs alone: a directory of a package under the repository
	// would join go test ./... and gofmt -l .
	stage, err := os.MkdirTemp("", "qf-npm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	var dirs []string
	optional := map[string]string{}
	for _, key := range sortedKeys(binaries) {
		p, ok := platforms[key]
		if !ok {
			return fmt.Errorf("no npm platform for %s", key)
		}
		name := Name + "-" + p[0] + "-" + p[1]
		dir, err := platformPackage(stage, name, *version, p, binaries[key])
		if err != nil {
			return err
		}
		dirs = append(dirs, dir)
		optional[name] = *version
	}
	if len(optional) != len(platforms) {
		return fmt.Errorf("%d binaries in %s, want one for each of %d platforms", len(optional), *dist, len(platforms))
	}
	dir, err := launcherPackage(stage, *version, optional)
	if err != nil {
		return err
	}
	dirs = append(dirs, dir)
	for _, d := range dirs {
		cmd := exec.Command("npm", "pack", "--pack-destination", out, "--silent")
		cmd.Dir = d
		cmd.Stderr = stderr
		tgz, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("npm pack %s: %v", d, err)
		}
		rel, _ := filepath.Rel(filepath.Dir(filepath.Dir(out)), filepath.Join(out, strings.TrimSpace(string(tgz))))
		fmt.Fprintf(stdout, "%s\n", rel)
	}
	return nil
}

// readBinaries returns the path of each binary GoReleaser built, by
// GOOS/GOARCH.
func readBinaries(dist string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dist, "artifacts.json"))
	if err != nil {
		return nil, err
	}
	var artifacts []struct {
		Path, Type, Goos, Goarch string
	}
	if err := json.Unmarshal(data, &artifacts); err != nil {
		return nil, fmt.Errorf("%s/artifacts.json: %v", dist, err)
	}
	out := map[string]string{}
	for _, a := range artifacts {
		if a.Type == "Binary" {
			out[a.Goos+"/"+a.Goarch] = a.Path // relative to GoReleaser's working directory, dist's parent
		}
	}
	return out, nil
}

// platformPackage writes the package of one platform's binary.
func platformPackage(stage, name, version string, p [2]string, binary string) (string, error) {
	dir := filepath.Join(stage, name)
	exe := "qf"
	if p[0] == "win32" {
		exe = "qf.exe"
	}
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		return "", err
	}
	data, err := os.ReadFile(binary)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", exe), data, 0o755); err != nil {
		return "", err
	}
	if err := writeLicence(dir); err != nil {
		return "", err
	}
	manifest := map[string]any{
		"name":        name,
		"version":     version,
		"description": fmt.Sprintf("The qf command of the qf conformance suite, for %s %s: installed by %s, which runs it.", p[0], p[1], Name),
		"license":     "MIT",
		"repository":  map[string]string{"type": "git", "url": "git+" + repository + ".git"},
		"os":          []string{p[0]},
		"cpu":         []string{p[1]},
		"files":       []string{"bin/" + exe, "LICENSE"},
	}
	return dir, writeJSON(filepath.Join(dir, "package.json"), manifest)
}

// writeLicence writes the licence into a package's directory.
func writeLicence(dir string) error {
	licence, err := qfconformance.ReadFile("LICENSE")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "LICENSE"), licence, 0o644)
}

// launcherPackage writes the package that npx runs: bin/qf.js, which
// runs the platform's binary; and the files of qf vectors -o, at their
// paths in the repository (require.resolve("qf-conformance/vectors/decode_strict.json")).
func launcherPackage(stage, version string, optional map[string]string) (string, error) {
	dir := filepath.Join(stage, Name)
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		return "", err
	}
	paths, err := qfconformance.Write(dir)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "qf.js"), launcher, 0o755); err != nil {
		return "", err
	}
	readme, err := os.ReadFile("release/npm/README.md")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), bytes.ReplaceAll(readme, []byte("VERSION"), []byte(version)), 0o644); err != nil {
		return "", err
	}
	manifest := map[string]any{
		"name":                 Name,
		"version":              version,
		"description":          "The qf conformance suite's command, qf, for implementers of the qf code of Quoridor positions and games: qf check, qf fuzz, qf explore and more, with no Go toolchain.",
		"license":              "MIT",
		"repository":           map[string]string{"type": "git", "url": "git+" + repository + ".git"},
		"homepage":             repository,
		"keywords":             []string{"qf", "quoridor", "conformance", "test-vectors"},
		"bin":                  map[string]string{"qf": "bin/qf.js"},
		"files":                append([]string{"bin/qf.js", "README.md"}, paths...),
		"engines":              map[string]string{"node": ">=18"},
		"optionalDependencies": optional,
	}
	return dir, writeJSON(filepath.Join(dir, "package.json"), manifest)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
