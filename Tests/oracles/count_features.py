#!/usr/bin/env python3
"""Independent count of renderer-relevant features per Lottie file (not lottiekit's code).
Prints one JSON object per line: {"path", "expressions", "effects", "visual_effects", "luma_mattes",
"merge_paths", "ddd_layers"}. Files that do not parse are skipped."""
import gzip, json, sys, zipfile

def layers_of(anim):
    comps = [anim.get("layers") or []]
    for a in anim.get("assets") or []:
        if isinstance(a, dict) and isinstance(a.get("layers"), list):
            comps.append(a["layers"])
    for comp in comps:
        for layer in comp if isinstance(comp, list) else []:
            if isinstance(layer, dict):
                yield layer

def walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            yield n
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)

def shapes(items):
    stack = list(items or [])
    while stack:
        s = stack.pop()
        if isinstance(s, dict):
            yield s
            if s.get("ty") == "gr":
                stack.extend(s.get("it") or [])

def count(anim):
    c = dict(expressions=0, effects=0, visual_effects=0, luma_mattes=0, merge_paths=0, ddd_layers=0)
    for layer in layers_of(anim):
        for d in walk(layer):
            if "k" in d and isinstance(d.get("x"), str):
                c["expressions"] += 1
        for e in layer.get("ef") or []:
            if isinstance(e, dict):
                c["effects"] += 1
                if isinstance(e.get("ty"), (int, float)) and e["ty"] >= 20:
                    c["visual_effects"] += 1
        if layer.get("tt") in (3, 4):
            c["luma_mattes"] += 1
        if layer.get("ddd") in (1, True):
            c["ddd_layers"] += 1
        if isinstance(layer.get("shapes"), list):
            c["merge_paths"] += sum(1 for s in shapes(layer["shapes"]) if s.get("ty") == "mm")
    return c

for path in sys.argv[1:]:
    try:
        with open(path, "rb") as f:
            anim = json.loads(f.read().decode("utf-8-sig"))
    except Exception:
        continue
    if isinstance(anim, dict):
        print(json.dumps(dict(path=path, **count(anim))))
