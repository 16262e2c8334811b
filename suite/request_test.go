package suite_test

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/suite"
)

// A request holds what a program reads from it: a code that is not UTF-8
// travels with U+FFFD for each bad byte, for every op that sends a code,
// so that a handler in this process (a model of a fault, the reference)
// answers what a program would be asked.
func TestRequestOnTheWire(t *testing.T) {
	for _, c := range suite.Categories {
		if c == suite.Encode {
			continue
		}
		req := c.RequestOf("QC\xc3\xff")
		line, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		read, bad := protocol.ParseRequest(line)
		if bad != nil {
			t.Fatalf("%s: %s", c, bad.Error.Message)
		}
		if *req.Code != "QC\ufffd\ufffd" || *read.Code != *req.Code {
			t.Errorf("%s: the request holds %q, a program reads %q", c, *req.Code, *read.Code)
		}
	}
}
