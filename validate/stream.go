package validate

// WholeAnswer is an optional capability of a Validator whose verdicts need
// the whole answer at once (the model judge makes one call per answer).
// Such a validator cannot check a stream sentence by sentence: a stream
// passes its text on only once generation has ended.
type WholeAnswer interface {
	WholeAnswer() bool
}
