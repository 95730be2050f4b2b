#!/usr/bin/env python3
"""Every SVG fidelity score of an icon set in one pass: each icon is converted once (lottiekit svg,
all icons in one run) and drawn once per renderer, then scored in pairs exactly as
../shared/oracles/svg_fidelity.py scores a conversion (its render and score functions).

Renders: resvg and ThorVG's SVG loader on the original; ThorVG's Lottie loader and rlottie on the
conversion, all at the converted animation's size times --zoom. Pairs (CSV column prefixes):
  noise   resvg vs ThorVG SVG        (the rasterisers' own disagreement, no converter involved)
  thorvg  resvg vs ThorVG Lottie
  rlottie resvg vs rlottie
  same    ThorVG SVG vs ThorVG Lottie (one rasteriser: any difference is the converter's)

Usage: svg_sets.py --lottiekit BIN --zoom Z --pairs noise,thorvg,same --csv OUT.csv FILE.svg...
A CSV row per icon: file, then mae, bad and iou per pair (empty where the icon did not convert or
render). Icons are scored one after another in this process: a pool of forked workers once hung
in CI (one worker dead, the other waiting on a lock it inherited), and one process is quick enough
(the three sets in about a minute and a half)."""
import argparse, csv, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "oracles"))
import svg_fidelity as sf  # noqa: E402

PAIRS = {"noise": ("resvg", "thorvg-svg"), "thorvg": ("resvg", "thorvg"), "rlottie": ("resvg", "rlottie"),
         "same": ("thorvg-svg", "thorvg")}


def convert(binary, files, out):
    """All icons in one lottiekit run; if that refuses (it writes all or none), one at a time, so
    that each icon that does not convert is named."""
    names = [os.path.splitext(os.path.basename(f))[0] for f in files]
    if len(set(names)) == len(names):
        p = subprocess.run([binary, "svg", "--quiet", *files, "-o", out], capture_output=True)
        if p.returncode == 0:
            return
    for f, n in zip(files, names):
        subprocess.run([binary, "svg", "--quiet", f, "-o", os.path.join(out, n + ".json")], capture_output=True)


def score_icon(f, jpath, args):
    name = os.path.splitext(os.path.basename(f))[0]
    row = [name]
    try:
        with open(jpath) as fh:
            lj = json.load(fh)
        w, h = int(lj["w"]) * args.zoom, int(lj["h"]) * args.zoom
        wanted = {r for p in args.pairs for r in PAIRS[p]}
        img = {}
        with tempfile.TemporaryDirectory() as td:
            if "resvg" in wanted:
                img["resvg"] = sf.render_svg(f, w, h, args.zoom, "resvg", td)
            if "thorvg-svg" in wanted:
                img["thorvg-svg"] = sf.render_thorvg(f, w, h, lottie=False)
            for r in ("thorvg", "rlottie"):
                if r in wanted:
                    img[r] = sf.render_lottie(jpath, w, h, r)
    except Exception:  # noqa: not converted, or a renderer refused it: empty scores
        return row + [""] * (3 * len(args.pairs))
    for p in args.pairs:
        a, b = PAIRS[p]
        mae, bad, iou = sf.score(img[a], img[b], args.threshold)
        row += ["%.4f" % mae, "%.4f" % bad, "%.4f" % iou]
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--lottiekit", required=True)
    ap.add_argument("--zoom", type=int, default=8)
    ap.add_argument("--pairs", default="noise,thorvg,rlottie,same")
    ap.add_argument("--threshold", type=float, default=0.25)
    ap.add_argument("--csv", required=True)
    args = ap.parse_args()
    args.pairs = args.pairs.split(",")
    for p in args.pairs:
        if p not in PAIRS:
            ap.error("unknown pair %s (one of %s)" % (p, ", ".join(PAIRS)))
    with tempfile.TemporaryDirectory() as out:
        convert(args.lottiekit, args.files, out)
        rows = [score_icon(f, os.path.join(out, os.path.splitext(os.path.basename(f))[0] + ".json"), args) for f in args.files]
    with open(args.csv, "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["file"] + [p + "_" + k for p in args.pairs for k in ("mae", "bad", "iou")])
        w.writerows(rows)


if __name__ == "__main__":
    main()
