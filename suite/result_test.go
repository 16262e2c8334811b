package suite_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// What qf shows of a failure is not HTML-escaped: a want of field
// ["<&>"] is shown so, in the text report and in the JSON one, not as
// Go's \u003c\u0026\u003e, which spec/qf.md forbids in a path. And a
// long answer is folded, not clipped: all of it is shown.
func TestEntryShownAsIs(t *testing.T) {
	f, err := vectors.Load(suite.Encode.File())
	if err != nil {
		t.Fatal(err)
	}
	var test *vectors.Test
	for i := range f.Tests {
		if f.Tests[i].ID == "encode/key-delete-html" {
			test = &f.Tests[i]
		}
	}
	if test == nil {
		t.Fatal("no vector encode/key-delete-html")
	}
	long := strings.Repeat("QUFB", 300)
	r := suite.Encode.Grade(test, &protocol.Response{Error: &spec.ErrorObject{Kind: "malformed", Field: `["<&>` + long + `"]`}}, suite.None)
	if r.Status != suite.Fail {
		t.Fatalf("status %v", r.Status)
	}
	e := r.Entry()
	var text bytes.Buffer
	e.WriteText(&text)
	var js bytes.Buffer
	enc := json.NewEncoder(&js) // as the reports write it
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "JSON": js.String()} {
		if strings.Contains(out, `\u003c`) || strings.Contains(out, `\u0026`) || !strings.Contains(out, `<&>`) {
			t.Errorf("the %s report escapes <&> for HTML:\n%s", name, out)
		}
	}
	if unfolded := strings.ReplaceAll(strings.ReplaceAll(text.String(), "\n          ", ""), "\n", ""); !strings.Contains(unfolded, long) {
		t.Errorf("the text report does not hold the whole answer:\n%s", text.String())
	}
}
