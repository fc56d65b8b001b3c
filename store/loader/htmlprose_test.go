package loader

import "testing"

// A <pre class="text"> holds paragraphs wrapped at a fixed width (HAProxy's
// manual, converted from its text file): they are running text, while an
// indented example or a flush-left configuration sample in it stays code,
// and a <pre> without that class stays code whatever it holds.
func TestLoadHTMLProsePre(t *testing.T) {
	requireHTMLTexts(t, []htmlTextCase{
		{"wrapped paragraphs and an example",
			"<body><pre class=\"text\">If the pump is on the same floor as the tank, the connection should be\n" +
				"immediate. By default, the connect timeout also presets the queue time-\n" +
				"out to the same value.\n\nExample:\n    timeout connect 5s\n\nfrontend www\nbind :80\n</pre></body>",
			"If the pump is on the same floor as the tank, the connection should be immediate. By default, the connect " +
				"timeout also presets the queue timeout to the same value.\n\nExample:\n\n```\ntimeout connect 5s\n```\n\n```\nfrontend www\nbind :80\n```"},
		{"no class, no prose",
			"<body><pre>If the pump is on the same floor as the tank, the connection should be\nimmediate.\n</pre></body>",
			"```\nIf the pump is on the same floor as the tank, the connection should be\nimmediate.\n```"},
	})
}
