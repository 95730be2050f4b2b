#!/usr/bin/env python3
"""The renderer lab (#18), first stage: measures how often rlottie and ThorVG draw a file differently
from lottie-web (the reference player), and how well lottiekit's renderer claims predict it.

Usage (with the oracle venv's python, as `make compat-lab` runs it):
  compat-lab.py LOTTIEKIT [--corpus DIR] [--conformance DIR] [--every N] [--size PX]
                [--cache DIR] [--out docs/compat-evidence.md]

For every parseable animation of the sample: four frames at 10/35/60/85 % of op - ip, rendered by
lottie-web 5.7.5 in headless Chromium (../shared/oracles/render_web.py) and by rlottie and ThorVG
(../shared/oracles/render.py, each in its own process: a crash is a result, not the lab's end), all
fitted into the same square tile on white. A player disagrees with lottie-web when its worst frame
differs on more than 2 % of the tile, a pixel counting as different only when no pixel within one
pixel of it in the other picture is within 32/255 on every channel (anti-aliasing and one-pixel
shifts are not counted); or when it refuses the file, crashes, or draws nothing where lottie-web
draws. Files where lottie-web draws nothing are left out. lottiekit "claims" something about a
player for a file when `lottiekit compat` gives any feature of it a level other than supported for
that player.

Renders are cached by file content in --cache, so a rerun only renders what changed. Not yet here
(see docs/compat-evidence.md): ablation of causes, After Effects reference renders of the
conformance files, the precision refinement to features lottie-web draws.
"""
import argparse, hashlib, json, os, subprocess, sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "oracles"))
FRACTIONS = (0.10, 0.35, 0.60, 0.85)
PLAYERS = ("rlottie", "thorvg")
TOLERANCE = 32
# render.py only scales down (--max-side); the lab renders every player at the tile's size, so that
# no picture is resampled after rendering. Run in its own process: a crash is a result.
FIT_UP = ("import sys; sys.path.insert(0, %r); import render\n"
          "render.fit = lambda w, h, m: (max(1, round(w * m / max(w, h))), max(1, round(h * m / max(w, h))))\n"
          "sys.argv = ['render.py'] + sys.argv[1:]; sys.exit(render.main())" % ORACLES)
THRESHOLD = 0.02


def animation_frames(path):
    try:
        doc = json.load(open(path, "rb"))
        ip, op = float(doc["ip"]), float(doc["op"])
        if not isinstance(doc.get("layers"), list) or op <= ip or doc.get("w", 0) <= 0 or doc.get("h", 0) <= 0:
            return None
    except Exception:
        return None
    return [int((op - ip) * f) for f in FRACTIONS]


def tile(image, size):
    """An RGBA render composited on white and centred in a size × size tile."""
    im = image.convert("RGBA")
    if max(im.size) != size:
        scale = size / max(im.size)
        im = im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))), Image.LANCZOS)
    canvas = Image.new("RGBA", (size, size), (255, 255, 255, 255))
    canvas.alpha_composite(im, ((size - im.width) // 2, (size - im.height) // 2))
    return np.asarray(canvas.convert("RGB"), dtype=np.int16)


def differing_share(a, b):
    """Share of pixels of a with no pixel of b within one pixel and TOLERANCE, and vice versa."""
    def unmatched(x, y):
        ok = np.zeros(x.shape[:2], dtype=bool)
        padded = np.pad(y, ((1, 1), (1, 1), (0, 0)), mode="edge")
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                shifted = padded[dy:dy + x.shape[0], dx:dx + x.shape[1]]
                ok |= (np.abs(x - shifted).max(axis=2) <= TOLERANCE)
        return ~ok
    return float((unmatched(a, b) | unmatched(b, a)).mean())


def run(cmd, timeout=120):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
        return r.returncode, r.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""


def render_all(path, frames, size, cache):
    """{player: [tiles] or a failure string}, with lottie-web under "web"."""
    key = hashlib.sha256(open(path, "rb").read()).hexdigest()[:20]
    folder = os.path.join(cache, key)
    os.makedirs(folder, exist_ok=True)
    result = {}
    web = os.path.join(folder, "web.png")
    if not os.path.exists(web):
        run([sys.executable, os.path.join(ORACLES, "render_web.py"), path, web,
             "--frames", ",".join(map(str, frames)), "--size", str(size)])
    if os.path.exists(web):
        strip = Image.open(web).convert("RGBA")
        result["web"] = [tile(strip.crop((k * size, 0, (k + 1) * size, size)), size) for k in range(len(frames))]
    else:
        result["web"] = "lottie-web did not render"
    for player in PLAYERS:
        tiles = []
        for k, frame in enumerate(frames):
            out = os.path.join(folder, f"{player}-{k}.png")
            status_file = out + ".status"
            if not os.path.exists(status_file):
                code, stdout = run([sys.executable, "-c", FIT_UP, path, str(frame), out, "--engine", player, "--max-side", str(size)])
                open(status_file, "w").write(str(code))
            code = open(status_file).read().strip()
            if code != "0" or not os.path.exists(out):
                kind = {"2": "refuses the file", "3": "fails to render"}.get(code, "crashes" if code.startswith("-") else f"fails ({code})")
                tiles = f"{player} {kind}"
                break
            tiles.append(tile(Image.open(out), size))
        result[player] = tiles
    return result


def claims(lottiekit, path):
    """{player: [feature names with a level other than supported]}."""
    code, out = run([lottiekit, "compat", "--format", "json", "--target", ",".join(PLAYERS), path], timeout=60)
    found = {p: [] for p in PLAYERS}
    try:
        report = json.loads(out)
    except ValueError:
        return found
    for f in report.get("files", []):
        for feature in f.get("features", []):
            for player in PLAYERS:
                level = (feature.get("support", {}).get(player) or {}).get("level")
                if level and level != "supported":
                    found[player].append(f"{feature['feature']}" + (f" ({feature['detail']})" if feature.get("detail") else ""))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lottiekit")
    ap.add_argument("--corpus", default=os.path.join(ORACLES, "..", "corpus"))
    ap.add_argument("--conformance", default=os.path.join(ORACLES, "..", "conformance", "lottie-test-files"))
    ap.add_argument("--every", type=int, default=1, help="take every Nth corpus file (1: all)")
    ap.add_argument("--size", type=int, default=200, help="tile size (headless Chromium draws nothing below about 150 px)")
    ap.add_argument("--cache", default=os.path.join(HERE, "..", ".build", "compat-lab"))
    ap.add_argument("--out", default=os.path.join(HERE, "..", "docs", "compat-evidence.md"))
    a = ap.parse_args()

    files = []
    for root in (a.conformance, a.corpus):
        found = sorted(os.path.join(d, n) for d, _, ns in os.walk(root) for n in ns if n.lower().endswith(".json"))
        files += found if root == a.conformance else found[::a.every]
    rows = []
    for n, path in enumerate(files):
        frames = animation_frames(path)
        if frames is None:
            continue
        renders = render_all(path, frames, a.size, a.cache)
        web = renders["web"]
        if isinstance(web, str) or all((t == 255).all() for t in web):
            continue  # lottie-web draws nothing: no reference
        row = {"file": os.path.relpath(path, os.path.join(ORACLES, "..")), "claims": claims(a.lottiekit, path)}
        for player in PLAYERS:
            r = renders[player]
            if isinstance(r, str):
                row[player] = (True, r, 1.0)
            elif all((t == 255).all() for t in r):
                row[player] = (True, f"{player} draws nothing", 1.0)
            else:
                worst = max(differing_share(w, t) for w, t in zip(web, r))
                row[player] = (worst > THRESHOLD, f"{100 * worst:.1f}% of the picture differs", worst)
        rows.append(row)
        if n % 25 == 0:
            print(f"compat-lab: {n + 1}/{len(files)} files", file=sys.stderr)
    write_report(rows, a)


def write_report(rows, a):
    lines = ["# Renderer compatibility: evidence", "",
             "Written by `make compat-lab` (`Scripts/compat-lab.py`); every figure below is from its last run on",
             "this project's machine. Reference: lottie-web 5.7.5 (`../shared/oracles/render_web.py`); players:",
             "rlottie (rlottie-python 1.3.8) and ThorVG (thorvg-python 1.1.3), `../shared/oracles/render.py`.",
             f"Four frames at 10/35/60/85 % of op − ip, {a.size} px tiles on white, a pixel differs when nothing within",
             f"one pixel of it in the other picture is within {TOLERANCE}/255; a player disagrees when its worst frame",
             f"differs on more than {int(THRESHOLD * 100)} % of the tile, or it refuses, crashes or draws nothing.",
             f"Files where lottie-web draws nothing are left out. Sample: the conformance files and every",
             f"{'' if a.every == 1 else str(a.every) + 'th '}corpus file: {len(rows)} animations compared.", ""]
    lines += ["| | rlottie | ThorVG |", "|---|---|---|"]
    stats = {}
    for player in PLAYERS:
        disagree = [r for r in rows if r[player][0]]
        claimed = [r for r in rows if r["claims"][player]]
        hit = [r for r in disagree if r["claims"][player]]
        refused = [r for r in rows if r[player][0] and r[player][2] == 1.0 and ("refuses" in r[player][1] or "crashes" in r[player][1] or "fails" in r[player][1])]
        stats[player] = (disagree, claimed, hit, refused)
    def pct(x, y):
        return f"{len(x)}/{len(y)} ({100 * len(x) / len(y):.0f}%)" if y else "—"
    lines.append("| files where the player disagrees with lottie-web | " + " | ".join(pct(stats[p][0], rows) for p in PLAYERS) + " |")
    lines.append("| recall: disagreeing files lottiekit makes a claim on | " + " | ".join(pct(stats[p][2], stats[p][0]) for p in PLAYERS) + " |")
    lines.append("| precision: files with a claim that really disagree | " + " | ".join(
        pct([r for r in stats[p][1] if r[p][0]], stats[p][1]) for p in PLAYERS) + " |")
    lines.append("| files the player refuses, crashes on or fails to render, flagged | " + " | ".join(
        pct([r for r in stats[p][3] if r["claims"][p]], stats[p][3]) for p in PLAYERS) + " |")
    lines.append("")
    for player in PLAYERS:
        disagree, claimed, hit, refused = stats[player]
        lines += [f"## {player}", "", "Disagreements lottiekit says nothing about (causes still to be found by ablation):", ""]
        for r in sorted((r for r in disagree if not r["claims"][player]), key=lambda r: -r[player][2])[:25]:
            lines.append(f"- `{r['file']}`: {r[player][1]}")
        lines += ["", "Claims the renders did not confirm (the player drew what lottie-web drew):", ""]
        counts = {}
        for r in claimed:
            if not r[player][0]:
                for c in set(r["claims"][player]):
                    counts[c] = counts.get(c, 0) + 1
        for c, k in sorted(counts.items(), key=lambda x: -x[1])[:20]:
            lines.append(f"- {c}: {k} file{'s' if k != 1 else ''}")
        lines.append("")
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    open(a.out, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    print("\n".join(lines[:20]))


if __name__ == "__main__":
    main()
