package explore

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// modulePath is this module's path: the WebAssembly is built from its
// source.
const modulePath = "github.com/qf-format/qf-conformance"

// moduleRoot returns the root of this module's source, found from the
// working directory by the go command.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("explore: the go command is needed to build the page's WebAssembly: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	data, err := os.ReadFile(gomod)
	if gomod == "" || gomod == os.DevNull || err != nil || !bytes.HasPrefix(data, []byte("module "+modulePath+"\n")) {
		return "", errors.New("explore: the page's WebAssembly is built from this module's source: run qf explore in a clone of qf-conformance (go run ./cmd/qf explore -o DIR)")
	}
	return filepath.Dir(gomod), nil
}

// buildWASM compiles the reference for the page (package explore/wasm)
// with GOOS=js GOARCH=wasm, and returns the module and the go command's
// wasm_exec.js, which runs it and must come from the same Go.
func buildWASM() (module, support []byte, err error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "qf-explore-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "qf.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./explore/wasm")
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

// wasmScript returns a script that holds module gzipped, in Base64, as
// window.QF_WASM_GZ: a page opened from file:// may not fetch a file
// beside it, but it may run a script.
func wasmScript(module []byte) []byte {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // no name, no time: the same bytes each time
	zw.Write(module)
	zw.Close()
	var b bytes.Buffer
	fmt.Fprintf(&b, "// The qf reference compiled to WebAssembly (explore/wasm), %d bytes, gzipped; written by qf explore.\n", len(module))
	b.WriteString(`window.QF_WASM_GZ = "`)
	b.WriteString(base64.StdEncoding.EncodeToString(gz.Bytes()))
	b.WriteString("\";\n")
	return b.Bytes()
}
