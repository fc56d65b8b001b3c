// Package web holds hybridrag's web page: plain HTML, one style sheet and
// a few ES modules, embedded in the binary so that `hybridrag serve` needs
// no build step, no CDN and no files beside it.
//
// The page talks only to the grounded API of package server (same origin),
// so it runs under a Content-Security-Policy of default-src 'self': it has
// no inline script or style, and it renders every answer, source and
// document text with textContent because model output is untrusted.
package web
