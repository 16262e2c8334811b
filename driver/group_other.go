//go:build !unix

package driver

import (
	"os"
	"os/exec"
)

// Without process groups, only the process itself is ended.

var (
	sigTerm = os.Kill
	sigKill = os.Kill
)

func ownGroup(cmd *exec.Cmd) {}

func signalGroup(cmd *exec.Cmd, sig os.Signal) { cmd.Process.Signal(sig) }

func exitSignal(exit *exec.ExitError) string { return "a signal" }
