// Package gcpace sets the pace of the garbage collector for qf's long runs:
// qf fuzz, qf check and qf serve.
//
// Their live heap is a few megabytes (qf fuzz keeps a bounded pool of
// cases), while they allocate as they go: at Go's default pace, GOGC=100,
// the collector runs each time the heap has grown by as much again as it
// holds, a few megabytes, so often that it takes a third of the CPU of a
// run of qf fuzz. At GOGC=400 the same run does about half as much again
// in the same time (go test ./generative -run '^$' -bench 'Fuzz/in-process'
// with GOGC=100 in the environment, then without), for a heap of tens of
// megabytes more at most.
package gcpace

import (
	"os"
	"runtime/debug"
)

// Percent is the pace Relax sets: the collector runs when the heap has
// grown by Percent percent of what it held after the last collection.
const Percent = 400

// Relax sets the collector's pace to Percent, unless the environment sets
// GOGC, which then has its say.
func Relax() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(Percent)
	}
}
