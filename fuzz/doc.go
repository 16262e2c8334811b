// Package fuzz holds the native Go fuzz targets that harden the reference
// codec, package ref, and the protocol server. It has no code of its own
// outside its tests; README.md in this directory explains the targets, how
// to run a campaign and what the last one found.
//
//	go test ./fuzz -run '^$' -fuzz FuzzDecode -fuzztime 60s
//	fuzz/run.sh 60
package fuzz
