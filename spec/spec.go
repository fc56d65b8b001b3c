// Package spec reads agent and artifact-schema definitions from YAML or
// JSON files, for hosts and the hybridrag CLI. It lives apart from the root
// package so that importing hybridrag never pulls in a YAML parser.
//
// An agents file is a list of agents, or a mapping with an "agents" list:
//
//	agents:
//	  - name: architect
//	    persona: You are a concise solutions architect.
//	    profile: balanced
//	    output: blueprint
//	    tags: [design, architecture]
//	    sampling:
//	      blueprint: {temperature: 0.2, max_tokens: 800}
//
// A schema file is one artifact schema:
//
//	name: incident-review
//	title: Incident Review
//	sections:
//	  - title: Timeline
//	    instructions: what happened, in order, with times.
//	    query: timeline events
//
// Unknown fields are errors, so that a misspelt key does not silently fall
// back to a default. Files ending in .json are read as JSON, others as
// YAML (a superset of JSON).
package spec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/hybridrag/hybridrag"
)

// ErrSyntax wraps every decoding failure.
var ErrSyntax = errors.New("spec: cannot decode")

// maxFileBytes bounds a definition file: these are hand-written configs.
const maxFileBytes = 1 << 20

// LoadAgents reads agents from a YAML or JSON file. It does not check them
// against a Pipeline's profiles and schemas: hybridrag.New does.
func LoadAgents(path string) ([]hybridrag.Agent, error) {
	b, err := read(path)
	if err != nil {
		return nil, err
	}
	return ParseAgents(b, isJSON(path))
}

// ParseAgents decodes agents from YAML (asJSON false) or JSON.
func ParseAgents(b []byte, asJSON bool) ([]hybridrag.Agent, error) {
	var top any
	if err := decode(b, asJSON, &top); err != nil {
		return nil, err
	}
	if _, isList := top.([]any); isList {
		var list []hybridrag.Agent
		if err := decode(b, asJSON, &list); err != nil {
			return nil, err
		}
		return list, nil
	}
	var doc struct {
		Agents []hybridrag.Agent `json:"agents" yaml:"agents"`
	}
	if err := decode(b, asJSON, &doc); err != nil {
		return nil, err
	}
	return doc.Agents, nil
}

// LoadSchema reads one artifact schema from a YAML or JSON file and checks
// it (hybridrag.ArtifactSchema.Check). A schema without a name is named
// after the file.
func LoadSchema(path string) (hybridrag.ArtifactSchema, error) {
	b, err := read(path)
	if err != nil {
		return hybridrag.ArtifactSchema{}, err
	}
	s, err := ParseSchema(b, isJSON(path))
	if err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	if s.Name == "" {
		s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return s, s.Check()
}

// ParseSchema decodes one artifact schema from YAML (asJSON false) or
// JSON; it does not check it.
func ParseSchema(b []byte, asJSON bool) (hybridrag.ArtifactSchema, error) {
	var s hybridrag.ArtifactSchema
	err := decode(b, asJSON, &s)
	return s, err
}

func read(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("spec: %w", err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, maxFileBytes+1)); err != nil {
		return nil, fmt.Errorf("spec: read %s: %w", path, err)
	}
	if buf.Len() > maxFileBytes {
		return nil, fmt.Errorf("spec: %s is larger than %d bytes", path, maxFileBytes)
	}
	return buf.Bytes(), nil
}

func isJSON(path string) bool { return strings.EqualFold(filepath.Ext(path), ".json") }

func decode(b []byte, asJSON bool, v any) error {
	if asJSON {
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("%w: %w", ErrSyntax, err)
		}
		return nil
	}
	d := yaml.NewDecoder(bytes.NewReader(b))
	d.KnownFields(true)
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %w", ErrSyntax, err)
	}
	return nil
}
