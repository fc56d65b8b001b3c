#!/usr/bin/env python3
# Writes 200 generated transcripts (fixed seed) under DIR — 100 WebVTT, 50 SRT, 50 JSON segment
# files, 10-20 minutes each, 2-3 speakers, 2-8 s cues — for the transcript indexing figures in
# BENCHMARKS.md:  scripts/gen-bench-transcripts.py DIR
import json, os, random, sys
random.seed(12)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
words = "pump valve seal shaft pressure bar rpm motor bearing filter coolant check replace inspect torque bolt flange gasket sensor calibrate alarm reset panel cable fuse voltage operator maintenance schedule hours weekly monthly lubricate grease oil level drain tank inlet outlet flow rate temperature limit warning".split()
def clock(t, sep):
    ms = int(round(t * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}{sep}{ms % 1000:03d}"
for i in range(200):
    speakers = random.sample(["Alice", "Bob", "Carol", "Dan"], random.randint(2, 3))
    cues, t, who = [], 0.0, speakers[0]
    while t < random.randint(600, 1200):
        d = random.uniform(2, 8)
        if random.random() < 0.08:
            who = random.choice(speakers)
        text = " ".join(random.choice(words) for _ in range(int(d * 2.5))) + "."
        cues.append((t, t + d, who, text))
        t += d
    if i < 100:
        body = ["WEBVTT", ""] + [f"{clock(a, '.')} --> {clock(b, '.')}\n<v {w}>{x}\n" for a, b, w, x in cues]
        open(os.path.join(out, f"talk{i:03d}.vtt"), "w").write("\n".join(body))
    elif i < 150:
        body = [f"{k + 1}\n{clock(a, ',')} --> {clock(b, ',')}\n{w.upper()}: {x}\n" for k, (a, b, w, x) in enumerate(cues)]
        open(os.path.join(out, f"talk{i:03d}.srt"), "w").write("\n".join(body))
    else:
        segs = [{"start": round(a, 3), "end": round(b, 3), "speaker": w, "text": x} for a, b, w, x in cues]
        json.dump(segs, open(os.path.join(out, f"talk{i:03d}.json"), "w"))
