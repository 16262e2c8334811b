package explore

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// The explorer's WebAssembly, built ahead of time from package
// explore/wasm by go run ./cmd/vectorgen (Generate), gzipped, with the
// wasm_exec.js of the Go that built it, which runs it; so that qf explore
// works from any installed or released binary, offline, with no go
// command. WASMSources says what it was built from: the digest of its
// sources (SourcesDigest), with which vectorgen -check tells it stale.
var (
	//go:embed qf.wasm.gz
	wasmGz []byte
	//go:embed wasm_exec.js
	wasmExec []byte
	//go:embed qf.wasm.sources
	WASMSources string
)

// The files Generate writes, under the module's root.
const (
	WASMFile        = "explore/qf.wasm.gz"
	WASMExecFile    = "explore/wasm_exec.js"
	WASMSourcesFile = "explore/qf.wasm.sources"
)

// modulePath is this module's path: the WebAssembly is built from its
// source.
const modulePath = "github.com/qf-format/qf-conformance"

// SourcesDigest returns the digest of the sources the WebAssembly is
// built from, under root, the module's root: every file of this module's
// packages that package explore/wasm imports for js/wasm (their Go and
// embedded files), and go.mod and go.sum. It does not depend on the Go
// version, so that the check of freshness holds on every machine.
func SourcesDigest(root string) (string, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles", "./explore/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("explore: listing the WebAssembly's packages: %v", err)
	}
	var files []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir     string
			GoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", err
		}
		if p.ImportPath != modulePath && !strings.HasPrefix(p.ImportPath, modulePath+"/") {
			continue
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			rel, err := filepath.Rel(root, filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			files = append(files, filepath.ToSlash(rel))
		}
	}
	files = append(files, "go.mod", "go.sum")
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(h, "%x  %s\n", sum, f)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// ErrNoSource is Generate's error for a root that does not hold this
// module's source.
var ErrNoSource = errors.New("explore: no source of " + modulePath + " there to build the WebAssembly from")

// Generate returns the files of the WebAssembly, by name under root:
// those committed when their sources have not changed since, else built
// anew with the go command. It is vectorgen's, for go run ./cmd/vectorgen.
func Generate(root string) (map[string][]byte, error) {
	if mod, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil || !bytes.HasPrefix(mod, []byte("module "+modulePath+"\n")) {
		return nil, ErrNoSource
	}
	digest, err := SourcesDigest(root)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, name := range []string{WASMFile, WASMExecFile, WASMSourcesFile} {
		if data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name))); err == nil {
			files[name] = data
		}
	}
	if len(files) == 3 && strings.HasPrefix(string(files[WASMSourcesFile]), digest+"\n") {
		return files, nil
	}
	module, support, err := buildWASM(root)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // no name, no time: the same bytes each time
	zw.Write(module)
	zw.Close()
	return map[string][]byte{
		WASMFile:     gz.Bytes(),
		WASMExecFile: support,
		WASMSourcesFile: []byte(fmt.Sprintf("%s\nbuilt by %s for js/wasm from package explore/wasm: %d bytes, %d gzipped\n",
			digest, runtime.Version(), len(module), gz.Len())),
	}, nil
}

// buildWASM compiles the reference for the page (package explore/wasm)
// with GOOS=js GOARCH=wasm, in the module at root, and returns the module
// and the go command's wasm_exec.js, which runs it and must come from the
// same Go.
func buildWASM(root string) (module, support []byte, err error) {
	tmp, err := os.MkdirTemp("", "qf-explore-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "qf.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", out, "./explore/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("explore: building the WebAssembly: %v\n%s", err, msg)
	}
	if module, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, err
	}
	for _, rel := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it
		if support, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), rel)); err == nil {
			return module, support, nil
		}
	}
	return nil, nil, fmt.Errorf("explore: no wasm_exec.js in %s", goroot)
}

// wasmScript returns a script that holds the module, gzipped, in Base64,
// as window.QF_WASM_GZ: a page opened from file:// may not fetch a file
// beside it, but it may run a script.
func wasmScript(gz []byte) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// The qf reference compiled to WebAssembly (explore/wasm), %d bytes gzipped; written by qf explore.\n", len(gz))
	b.WriteString(`window.QF_WASM_GZ = "`)
	b.WriteString(base64.StdEncoding.EncodeToString(gz))
	b.WriteString("\";\n")
	return b.Bytes()
}
