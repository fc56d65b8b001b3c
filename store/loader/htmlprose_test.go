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

// A paragraph at a two-column margin, a label's hanging lines and a list's
// items read as text; an example indented deeper stays code. Cut at the
// indent, "Note : For a while …" was one line of text and a code block.
func TestLoadHTMLProsePreMargins(t *testing.T) {
	requireHTMLTexts(t, []htmlTextCase{
		{"indented paragraph",
			"<body><pre class=\"text\">  By default, health checks only consist in trying to establish a TCP\n" +
				"  connection. When the option is specified, a complete request is sent.\n\n" +
				"  Example :\n        backend relay\n            mode tcp\n</pre></body>",
			"By default, health checks only consist in trying to establish a TCP connection. When the option is " +
				"specified, a complete request is sent.\n\nExample :\n\n```\nbackend relay\n    mode tcp\n```"},
		{"label with hanging lines",
			"<body><pre class=\"text\">Note : For a while, there was no way to add headers or body in the request\n" +
				"       used for health checks. The directive must be used instead.\n</pre></body>",
			"Note : For a while, there was no way to add headers or body in the request used for health checks. " +
				"The directive must be used instead."},
		{"list items with hanging lines",
			"<body><pre class=\"text\">  - a star : this form is only accepted in association with the OPTIONS\n" +
				"    method and is not relayable to any next hop.\n" +
				"  - an absolute URI : this form is what a client sends to a proxy when it\n" +
				"    wants to reach a distant server.\n</pre></body>",
			"- a star : this form is only accepted in association with the OPTIONS method and is not relayable to any " +
				"next hop.\n- an absolute URI : this form is what a client sends to a proxy when it wants to reach a distant server."},
		{"example deeper than the margin",
			"<body><pre class=\"text\">    The pump stops when the tank is full and starts when it is low\n</pre></body>",
			"```\nThe pump stops when the tank is full and starts when it is low\n```"},
	})
}

// An argument list in a prose <pre> (HAProxy's "arguments" blocks): each
// tag and its description, aligned under the text after the tag, is one
// list item; lines that leave the description's column stay code.
func TestLoadHTMLProsePreTaggedParagraphs(t *testing.T) {
	requireHTMLTexts(t, []htmlTextCase{
		{"argument list",
			"<body><pre class=\"prettyprint arguments\">&lt;method&gt; is the algorithm used to pick a pump when the\n" +
				"         tank runs low. It may be one of the following :\n\n" +
				"  roundrobin  Each pump is used in turns, according to their weights.\n" +
				"              This is the smoothest algorithm.\n\n" +
				"  source      The tank's address is hashed, so that the same tank\n" +
				"              always reaches the same pump.\n" +
				"                  balance source\n</pre></body>",
			"- <method> is the algorithm used to pick a pump when the tank runs low. It may be one of the following :\n\n" +
				"- roundrobin: Each pump is used in turns, according to their weights. This is the smoothest algorithm.\n\n" +
				"- source: The tank's address is hashed, so that the same tank always reaches the same pump.\n\n" +
				"```\nbalance source\n```"},
		{"aligned lines that are code",
			"<body><pre class=\"arguments\">  frontend    www\n              bind :80\n</pre></body>",
			"```\nfrontend    www\n            bind :80\n```"},
	})
}
