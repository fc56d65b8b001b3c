package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/spec"
)

func cmdArtifact(ctx context.Context, args []string, stdout io.Writer) error {
	var (
		c       common
		ag      agentFlags
		typ     string
		genName string
		model   string
		timeout time.Duration
	)
	fs := newFlagSet("artifact", &c)
	addQueryFlags(fs, &c)
	addLogFlags(fs, &c, true)
	addAgentFlags(fs, &ag)
	fs.StringVar(&typ, "type", "", "blueprint|pdr|workflow|build-plan, or a schema file (.yaml, .yml, .json)")
	fs.StringVar(&genName, "generator", "extractive", "extractive|openai|ollama|googleai")
	fs.StringVar(&model, "model", "", "model name for the chosen generator")
	addTimeoutFlag(fs, &timeout, "deadline of the whole artifact")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := c.explicit(fs); err != nil {
		return err
	}
	topic, err := question(pos)
	if err != nil {
		return fmt.Errorf("%w (the TOPIC)", err)
	}
	if err := checkTimeout(timeout); err != nil {
		return err
	}
	req := hybridrag.ArtifactRequest{Topic: topic, Agent: ag.name}
	if isSchemaFile(typ) {
		s, err := spec.LoadSchema(typ)
		if err != nil {
			return err
		}
		req.Schema = &s
	} else {
		req.Type = typ
	}
	if typ == "" && ag.name == "" {
		return fmt.Errorf("%w: --type is required (blueprint, pdr, workflow, build-plan or a schema file)", errUsage)
	}
	ctx, cancel := withDeadline(ctx, timeout)
	defer cancel()
	p, err := openAnswerPipeline(ctx, &c, &ag, genName, model, true, nil)
	if err != nil {
		return err
	}
	defer closeAll(p)
	r := c.request(topic)
	req.Filter, req.MaxSources, req.MinSources, req.MinScore = r.Filter, r.MaxSources, r.MinSources, r.MinScore
	art, err := p.Artifact(ctx, req)
	if err != nil {
		return deadlineError(ctx, timeout, err)
	}
	if c.json {
		return writeJSON(stdout, art)
	}
	_, err = io.WriteString(stdout, art.Markdown)
	return err
}

// isSchemaFile reports whether --type names a schema file rather than a
// schema: a YAML or JSON file name, or an existing file.
func isSchemaFile(typ string) bool {
	switch strings.ToLower(filepath.Ext(typ)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	if typ == "" {
		return false
	}
	st, err := os.Stat(typ)
	return err == nil && st.Mode().IsRegular()
}
