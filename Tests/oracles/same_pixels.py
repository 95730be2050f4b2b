#!/usr/bin/env python3
"""Renders frame FRAME of two Lottie files with ../shared/oracles/render.py and compares the
pixels exactly. Prints one JSON line: {"same": bool, "differing_pixels": n, "engine": ...}.
Exit 0 when identical, 1 when different, 3 when a render failed."""
import json, os, subprocess, sys, tempfile
from PIL import Image, ImageChops

render = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "oracles", "render.py")
a, b, frame = sys.argv[1], sys.argv[2], sys.argv[3]
engine = sys.argv[4] if len(sys.argv) > 4 else "rlottie"
with tempfile.TemporaryDirectory() as tmp:
    outs = []
    for i, f in enumerate((a, b)):
        out = os.path.join(tmp, f"{i}.png")
        r = subprocess.run([sys.executable, render, f, frame, out, "--engine", engine], capture_output=True, text=True)
        if r.returncode != 0:
            print(json.dumps({"same": False, "error": f"render failed for {f}: {r.stdout[-300:]}{r.stderr[-300:]}"}))
            sys.exit(3)
        outs.append(Image.open(out).convert("RGBA"))
    if outs[0].size != outs[1].size:
        print(json.dumps({"same": False, "error": "sizes differ"}))
        sys.exit(1)
    diff = ImageChops.difference(outs[0], outs[1])
    n = sum(1 for px in diff.getdata() if px != (0, 0, 0, 0))
    print(json.dumps({"same": n == 0, "differing_pixels": n, "engine": engine}))
    sys.exit(0 if n == 0 else 1)
