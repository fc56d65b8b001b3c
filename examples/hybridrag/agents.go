package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/spec"
)

// agentFlags are ask's and artifact's --agent and --agents.
type agentFlags struct {
	name string // --agent NAME
	file string // --agents FILE
}

func addAgentFlags(fs *flag.FlagSet, a *agentFlags) {
	fs.StringVar(&a.name, "agent", "", "answer as the named agent (persona, profile, tags) from --agents")
	fs.StringVar(&a.file, "agents", "", "agents file, YAML or JSON (default: DIR/agents.yaml or DIR/agents.json when present)")
}

// agentFiles are looked for in an embedded store's directory when --agents
// is not given.
var agentFiles = []string{"agents.yaml", "agents.yml", "agents.json"}

// configure loads the agents into cfg and maps every profile they name to
// the CLI's one generator (--generator, --model): a host with several
// models maps profiles to different ones in hybridrag.Config.Profiles. An
// --agent that names no loaded agent is bad usage.
func (a *agentFlags) configure(cfg *hybridrag.Config, storeSpec, model string) error {
	path := a.file
	if path == "" && storeSpec != "" && !isPostgresDSN(storeSpec) {
		for _, name := range agentFiles {
			p := filepath.Join(storeSpec, name)
			if _, err := os.Stat(p); err == nil {
				path = p
				break
			} else if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	if path == "" {
		if a.name != "" {
			return fmt.Errorf("%w: --agent %s: no agents file (--agents FILE, or agents.yaml in the store directory)", errUsage, a.name)
		}
		return nil
	}
	agents, err := spec.LoadAgents(path)
	if err != nil {
		return err
	}
	found := a.name == ""
	var gen generate.Generator = cfg.Generator
	if gen == nil {
		gen = extractive.New(extractive.Options{})
	}
	cfg.Profiles = map[string]hybridrag.Profile{}
	for _, ag := range agents {
		found = found || ag.Name == a.name
		if ag.Profile != "" {
			cfg.Profiles[ag.Profile] = hybridrag.Profile{Generator: gen, Model: model}
		}
	}
	if !found {
		return fmt.Errorf("%w: --agent %s is not defined in %s", errUsage, a.name, path)
	}
	cfg.Agents = agents
	return nil
}
