#!/usr/bin/env python3
# Writes 1,000 generated Markdown documents (3-8 sections each, fixed seed) under DIR,
# for the indexing-throughput figures in BENCHMARKS.md:  scripts/gen-bench-docs.py DIR
import random, os, sys
random.seed(12)
out = sys.argv[1]
words = "pump valve seal shaft pressure bar rpm motor bearing filter coolant manual install linux windows check replace inspect torque bolt flange gasket sensor calibrate alarm reset panel cable fuse voltage current operator maintenance schedule hours weekly monthly lubricate grease oil level drain tank inlet outlet flow rate temperature limit warning caution service".split()
for i in range(1000):
    d = os.path.join(out, f"part{i%10}")
    os.makedirs(d, exist_ok=True)
    lines = [f"# Document {i}", ""]
    for s in range(random.randint(3, 8)):
        lines.append(f"## Section {s}")
        lines.append("")
        for p in range(random.randint(2, 5)):
            lines.append(" ".join(random.choice(words) for _ in range(random.randint(40, 90))) + f" item {i}-{s}-{p}.")
            lines.append("")
    open(os.path.join(d, f"doc{i:04d}.md"), "w").write("\n".join(lines))
