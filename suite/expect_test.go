package suite_test

import (
	"testing"

	"github.com/qf-format/qf-conformance/serve"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// reference returns the test of input whose expectation is the
// reference's answer, as cmd/vectorgen and qf fuzz make them.
func reference(c suite.Category, id, input string) (vectors.Test, error) {
	return c.Expect(input, serve.Reference.Handle(c.RequestOf(input)), id, "c")
}

// Expect makes the reference's answers the expectations, without their
// messages, and the files it makes are valid against their schemas.
func TestExpect(t *testing.T) {
	expect := func(c suite.Category, input string) vectors.Test {
		t.Helper()
		test, err := reference(c, c.Name()+"/x", input)
		if err != nil {
			t.Fatal(err)
		}
		return test
	}
	d := expect(suite.Strict, "j7oklAHMe1ICg")
	suite.AddFields(&d)
	if d.Result != vectors.Valid || d.Canonical != "j7oklAHMe1ICg" || len(d.Fields) != 16 || d.Code == nil {
		t.Errorf("decode: %+v", d)
	}
	if d := expect(suite.Lenient, "j7ok\xff lAHMe1ICg=="); d.Result != vectors.Valid || d.CodeHex == "" || d.Fields != nil {
		t.Errorf("lenient decode: %+v", d)
	}
	if d := expect(suite.Strict, "QEBA"); d.Error == nil || d.Error.Kind != "truncated" || d.Error.Message != "" {
		t.Errorf("truncated: %+v", d.Error)
	}
	e := expect(suite.Encode, `{"state": null, "record": {"moves": [{"kind": "piece", "dir": 7.0}]}}`)
	if e.Code == nil || *e.Code != "QBc" || string(e.Value) != `{"state":null,"record":{"moves":[{"kind":"piece","dir":7.0}]}}` {
		t.Errorf("encode: %+v", e)
	}
	if _, err := reference(suite.Encode, "encode/x", `{`); err == nil {
		t.Error("a value that is not JSON")
	}
	r := expect(suite.Replay, "QBQ")
	if r.Violation == nil || r.Violation.Kind != "off_board" || len(*r.Squares) != 0 {
		t.Errorf("replay: %+v", r)
	}
	v := expect(suite.Validate, "gkwAAAAQ")
	if v.Violations == nil || len(*v.Violations) != 0 {
		t.Errorf("validate: %+v", v)
	}
	d.Flags = []string{"Corpus"}
	f := vectors.File{Format: "qf", FormatVersion: "1.1.0", SuiteVersion: "x", Schema: suite.Strict.Schema(), Op: "decode", Profile: "strict",
		Notes: map[string]vectors.Note{"Corpus": vectors.Notes["Corpus"]}, Tests: []vectors.Test{d}}
	if err := vectors.Validate(f.Bytes()); err != nil {
		t.Error(err)
	}
}
