package bitstring

import "testing"

func TestCode(t *testing.T) {
	for bits, code := range map[string]string{
		"":                  "",
		"00":                "A",
		"01" + Field(0, 10): "QA",
		"10" + Field(4, 7) + Field(76, 7) + "0000000000000000" + "00" + Field(1, 10): "gkwAAAAQ",
		"111111":  "/",
		"1111101": "+g",
	} {
		if got := Code(bits); got != code {
			t.Errorf("Code(%q) = %q, want %q", bits, got, code)
		}
	}
	if got := Bits("gkwAAAAQ"); Code(got) != "gkwAAAAQ" || len(got) != 48 {
		t.Errorf("Bits(gkwAAAAQ) = %q", got)
	}
}

func TestFieldPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Field(128, 7) did not panic")
		}
	}()
	Field(128, 7)
}
