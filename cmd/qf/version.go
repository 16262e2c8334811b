package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// version is qf's version, set when a release is built
// (-ldflags "-X main.version=v1.3.0"); else the module's version as the
// build knows it: a tag for go install ...@v1.3.0, "(devel)" and the
// commit for go build in a clone.
var version = ""

const versionSynopsis = `

Prints the version of qf and what it checks: the vector suite (its version
and the digest of its files, as qf check's first line and -json report
give them), the format spec and the protocol, and how it was built.`

func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", versionSynopsis, stdout, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	manifest, err := vectors.LoadManifest()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "qf %s\n", moduleVersion())
	fmt.Fprintf(stdout, "suite %s, %s\n", manifest.SuiteVersion, manifest.Digest)
	fmt.Fprintf(stdout, "format %s (spec/qf.md), protocol %s (spec/protocol.md)\n", spec.Version, protocol.Version)
	fmt.Fprintf(stdout, "built with %s for %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}

// moduleVersion returns qf's version: the release's, or the module's;
// for a build of a clone ("(devel)"), with the commit it was built from
// and whether the work tree had changes, as the go command records them.
func moduleVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	rev := vcs["vcs.revision"]
	switch {
	case v != "(devel)":
	case rev == "":
		v += ", its commit unknown: built without version control stamping (-buildvcs=false)"
	default:
		v += " commit " + rev[:min(12, len(rev))]
		if t := vcs["vcs.time"]; t != "" {
			v += " of " + t
		}
		if vcs["vcs.modified"] == "true" {
			v += ", with changes not committed"
		}
	}
	return v
}
