package driver

// Spares is how many spare processes a Client keeps, for the benchmark's
// baseline of none.
var Spares = &spares

// Written returns how many requests Batch has written.
func (c *Client) Written() int { return c.written }

// AnswerTail is answerTail, for its test.
var AnswerTail = answerTail

// CrashGrace is crashGrace, for its test.
var CrashGrace = crashGrace
