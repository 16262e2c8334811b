package faults_test

import (
	"encoding/json"
	"fmt"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/protocol"
)

func decode(h protocol.Handler, code string) string {
	resp := h.Handle(&protocol.Request{Op: protocol.Decode, Code: &code, Profile: "strict"})
	if resp.Error != nil {
		b, _ := json.Marshal(resp.Error)
		return "error " + string(b)
	}
	return "value " + string(resp.Value)
}

// A model answers as an implementation with its faults would: here one
// that reads junk as zeros and reports every error with one kind and no
// position.
func ExampleModel() {
	junk, _ := faults.Named("junk-as-zeros")
	kind, _ := faults.Named("one-error-kind")
	where, _ := faults.Named("no-positions")

	fmt.Println(decode(faults.Model(), "Q!"))
	fmt.Println(decode(faults.Model(junk), "Q!"))
	fmt.Println(decode(faults.Model(kind, where), "Q!"))
	// Output:
	// error {"kind":"invalid_character","char":1}
	// value {"state":null,"record":{"moves":[]}}
	// error {"kind":"error"}
}
