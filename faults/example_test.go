package faults_test

import (
	"encoding/json"
	"fmt"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
)

func decode(r *faults.Reading, code string) string {
	var read faults.KnobSet
	resp := r.Answer(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: "strict"}, &read)
	if resp.Error != nil {
		b, _ := json.Marshal(resp.Error)
		return "error " + string(b)
	}
	return "value " + string(resp.Value)
}

// A model answers as an implementation with its faults would: here one
// that reads junk as zeros and reports every error with one kind and no
// position.
func ExampleModelReading() {
	junk, _ := faults.Named("junk-as-zeros")
	kind, _ := faults.Named("one-error-kind")
	where, _ := faults.Named("no-positions")

	fmt.Println(decode(faults.ModelReading(), "Q!"))
	fmt.Println(decode(faults.ModelReading(junk), "Q!"))
	fmt.Println(decode(faults.ModelReading(kind, where), "Q!"))
	// Output:
	// error {"kind":"invalid_character","char":1}
	// value {"state":null,"record":{"moves":[]}}
	// error {"kind":"error"}
}
