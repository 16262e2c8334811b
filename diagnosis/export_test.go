package diagnosis

// ModelAnswers returns how many answers of models this process has asked.
func ModelAnswers() int64 { return modelAnswers.Load() }
