package suite

import (
	"testing"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/serve"
)

// BenchmarkCategory measures, per category, what a case of qf fuzz
// costs besides the implementation: drawing its input, and the
// reference's expectation; and the reference answering it, which is the
// implementation's share when qf fuzz checks the reference.
//
//	go test ./suite -run '^$' -bench Category -benchmem
func BenchmarkCategory(b *testing.B) {
	for _, c := range Categories {
		r := gen.NewRand(1)
		inputs := make([]string, 1000)
		for i := range inputs {
			inputs[i] = c.Draw(r)
		}
		b.Run("draw/"+c.Name(), func(b *testing.B) {
			r := gen.NewRand(1)
			for i := 0; i < b.N; i++ {
				c.Draw(r)
			}
		})
		b.Run("expect/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c.Expect("", "", inputs[i%1000])
			}
		})
		b.Run("reference/"+c.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				serve.Reference.Handle(c.RequestOf(inputs[i%1000]))
			}
		})
	}
}
