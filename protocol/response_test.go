package protocol_test

import (
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/protocol"
)

func TestParseResponse(t *testing.T) {
	ok := []struct{ op, line, value string }{
		{"decode", `{"id":1,"value":{"state":null,"record":null}}`, `{"state":null,"record":null}`},
		{"decode", `{"id":1,"value":{"state" :  null,` + strings.Repeat(" ", 1<<20) + `"record":null}, "debug": {"took": "1ms"}}`, `{"state":null,"record":null}`},
		{"decode", `{"id":1,"error":{"kind":"truncated","bit":0,"field":"flags.state","message":"x","extra":1}}`, ""},
		{"encode", `{"id":"x","code":"QA"}`, ""},
		{"replay", `{"id":1,"squares":[[13,76]],"violation":null}`, ""},
		{"validate", `{"id":1,"violations":[]}`, ""},
		{"hello", `{"id":0,"name":"n","version":"1","ops":["decode"],"profiles":["strict"]}`, ""},
		{"hello", `{"id":0,"ops":["decode"]}`, ""},
	}
	for _, c := range ok {
		resp, err := protocol.ParseResponse([]byte(c.line))
		if err == nil {
			err = resp.Check(protocol.Op(c.op))
		}
		if err != nil {
			t.Errorf("%.80s: %v", c.line, err)
			continue
		}
		if c.value != "" && string(resp.Value) != c.value {
			t.Errorf("%.80s: value %s, want %s", c.line, resp.Value, c.value)
		}
	}
	bad := []struct{ op, line, why string }{
		{"decode", `{"ID":1,"value":{}}`, `"ID" where spec/protocol.md has "id"`},
		{"decode", `{"id":1,"VALUE":{}}`, `"VALUE" where spec/protocol.md has "value"`},
		{"decode", `{"id":1,"Error":{"kind":"x"}}`, `"Error" where spec/protocol.md has "error"`},
		{"decode", `{"id":1,"error":{"KIND":"x"}}`, `"KIND" where spec/protocol.md has "kind"`},
		{"decode", `{"id":1,"error":{"kind":"x","Bit":3}}`, `"Bit" where spec/protocol.md has "bit"`},
		{"decode", `{"id":1,"value":{},"error":{"kind":"x"}}`, `both "error" and a result ("value")`},
		{"replay", `{"id":1,"squares":[],"violation":null,"error":{"kind":"x"}}`, `both "error" and a result ("squares", "violation")`},
		{"decode", `{"id":1,"error":{}}`, `without a "kind"`},
		{"decode", `{"id":1,"error":"truncated"}`, `not an object`},
		{"decode", `{"id":1}`, `a decode answer without "value" or "error"`},
		{"encode", `{"id":1,"code":null}`, `"code": null`},
		{"encode", `{"id":1,"code":5}`, `"code"`},
		{"replay", `{"id":1,"squares":[]}`, `without "violation"`},
		{"replay", `{"id":1,"squares":[[1,2,3]],"violation":null}`, `"squares"`},
		{"validate", `{"id":1,"violations":null}`, `"violations": null`},
		{"hello", `{"id":0,"name":"n"}`, `without "ops"`},
		{"decode", `{"id":1,"id":2,"value":{}}`, `distinct member names`},
		{"decode", "{\"id\":1,\"value\":{\"state\":\"\xff\"}}", `UTF-8`},
		{"decode", `{"id":1,"value":{}} {}`, `more than one JSON value`},
		{"decode", `[1]`, `not a JSON object`},
		{"decode", `this is not JSON`, `not a JSON object`},
		{"decode", ``, `not a JSON object`},
	}
	for _, c := range bad {
		resp, err := protocol.ParseResponse([]byte(c.line))
		if err == nil {
			err = resp.Check(protocol.Op(c.op))
		}
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s answer %.80q: got %v, want an error saying %s", c.op, c.line, err, c.why)
		}
	}
}
