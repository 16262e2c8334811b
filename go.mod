module github.com/qf-format/qf-conformance

go 1.23

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
	pgregory.net/rapid v1.3.0
)

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.14.0 // indirect
)
