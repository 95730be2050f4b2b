#!/usr/bin/env python3
"""Compares a PNG rendered by `lottiekit render` with the two independent renders of the same frame
made by ../shared/oracles/render.py: rlottie-python (the same renderer, another build) and ThorVG
(another renderer). Everything is flattened on white and compared at lottiekit's size.

Usage: compare_render.py OURS.png ANIMATION FRAME_INDEX [--threshold 48]
Prints one JSON line with, for each pair, the share of pixels whose largest channel difference
exceeds the threshold: {"ours_rlottie": s, "ours_thorvg": s, "rlottie_thorvg": s} (null when an
oracle could not render the file). Exit 0."""
import json, os, subprocess, sys, tempfile
from PIL import Image, ImageChops

render = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "oracles", "render.py")
ours_path, anim, frame = sys.argv[1], sys.argv[2], sys.argv[3]
threshold = int(sys.argv[sys.argv.index("--threshold") + 1]) if "--threshold" in sys.argv else 48
ours = Image.open(ours_path).convert("RGBA")

def flat(im):
    bg = Image.new("RGBA", im.size, (255, 255, 255, 255))
    return Image.alpha_composite(bg, im).convert("RGB")

def oracle(engine, tmp):
    out = os.path.join(tmp, engine + ".png")
    try:
        r = subprocess.run([sys.executable, render, anim, frame, out, "--engine", engine, "--max-side", "0"],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode != 0 or not os.path.exists(out):
        return None
    im = Image.open(out).convert("RGBA")
    if im.size != ours.size:
        im = im.resize(ours.size, Image.BILINEAR)
    return flat(im)

def bad(a, b):
    if a is None or b is None:
        return None
    px = ImageChops.difference(a, b).getdata()
    return round(sum(1 for p in px if max(p) > threshold) / (a.size[0] * a.size[1]), 5)

with tempfile.TemporaryDirectory() as tmp:
    rl, tv = oracle("rlottie", tmp), oracle("thorvg", tmp)
o = flat(ours)
print(json.dumps({"ours_rlottie": bad(o, rl), "ours_thorvg": bad(o, tv), "rlottie_thorvg": bad(rl, tv)}))
