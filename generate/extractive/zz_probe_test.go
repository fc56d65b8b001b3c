package extractive_test

import (
	"fmt"
	"testing"
)

func TestZZProbe(t *testing.T) {
	q := "What is the maximum number of simultaneous feed pumps by default?"
	a := "tank-feeds\n\nGrammar: tank-feeds <integer>;\n\nSpecifies the maximum number of simultaneous feed pumps attached to the tank.\n\nThis is the maximum number of simultaneous feed pumps that the tank accepts. The default is 12."
	b := "feed-timeout\n\nGrammar: feed-timeout <integer>;\n\nSets the time the tank waits on an idle feed pump.\n\nThe default is 300 (30 seconds), the maximum is 600 (about 1.8 hours), and the minimum is 0, which signals that simultaneous feed pumps must close their connections immediately."
	fmt.Printf("A,B: %q\n", answerTo(t, q, prompt(a, b)))
	fmt.Printf("B,A: %q\n", answerTo(t, q, prompt(b, a)))
	fmt.Printf("AB: %q\n", answerTo(t, q, prompt(a+"\n\n"+b)))
	fmt.Printf("BA: %q\n", answerTo(t, q, prompt(b+"\n\n"+a)))
}
