package jsondiff_test

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/internal/jsondiff"
)

func TestFirst(t *testing.T) {
	for _, c := range []struct {
		want, got string
		path      string // "" with ok false for equal values
		ends      bool
		wantHas   bool
		gotHas    bool
	}{
		{`{"a":1,"b":[1,2]}`, `{"b":[1,2],"a":1}`, "", false, false, false},
		// The canonical order: white before black, though b < w.
		{`{"state":{"white":1,"black":2}}`, `{"state":{"white":3,"black":4}}`, "state.white", false, true, true},
		{`{"state":{"white":1,"black":2}}`, `{"state":{"white":1,"black":4}}`, "state.black", false, true, true},
		{`{"h":[1,2],"v":[]}`, `{"h":[1],"v":[]}`, "h[1]", true, true, false},
		{`[1]`, `[1,2]`, "[1]", true, false, true},
		{`{"state":null}`, `{"record":null}`, "state", false, true, false},
		{`{"x":1}`, `[1]`, "", false, true, true},
		{`{"zeta":1,"alpha":1}`, `{"zeta":2,"alpha":2}`, "alpha", false, true, true},
	} {
		var w, g any
		json.Unmarshal([]byte(c.want), &w)
		json.Unmarshal([]byte(c.got), &g)
		d, ok := jsondiff.First(w, g)
		if c.path == "" && !c.wantHas && !c.gotHas {
			if ok {
				t.Errorf("%s, %s: a difference at %q", c.want, c.got, d.Path)
			}
			continue
		}
		if !ok || d.Path != c.path || d.WantHas != c.wantHas || d.GotHas != c.gotHas {
			t.Errorf("%s, %s: %+v %v, want path %q, has %v %v", c.want, c.got, d, ok, c.path, c.wantHas, c.gotHas)
		}
		if d.Ends != c.ends {
			t.Errorf("%s, %s: ends %v", c.want, c.got, d.Ends)
		}
	}
}
