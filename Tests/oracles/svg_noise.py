#!/usr/bin/env python3
"""Renderer noise for the SVG fidelity test: each SVG rendered by resvg and by ThorVG's own SVG
loader (no converter involved), scored exactly as ../shared/oracles/svg_fidelity.py scores a
conversion. Where these two disagree beyond the bar, no converter can meet it with ThorVG.

Usage: svg_noise.py --zoom Z --csv OUT.csv FILE.svg..."""
import argparse, csv, os, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "oracles"))
import svg_fidelity as sf  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("files", nargs="+")
ap.add_argument("--zoom", type=int, default=8)
ap.add_argument("--csv", required=True)
args = ap.parse_args()
with open(args.csv, "w", newline="") as fh:
    out = csv.writer(fh, lineterminator="\n")
    out.writerow(["file", "mae_pct", "bad_pct", "iou"])
    for f in args.files:
        name = os.path.splitext(os.path.basename(f))[0]
        try:
            with tempfile.TemporaryDirectory() as td:
                a = sf.render_svg(f, 0, 0, args.zoom, "resvg", td)
                h, w = a.shape[:2]
                b = sf.render_thorvg(f, w, h, lottie=False)
            mae, bad, iou = sf.score(a, b, 0.25)
            out.writerow([name, "%.4f" % mae, "%.4f" % bad, "%.4f" % iou])
        except Exception as e:  # noqa
            out.writerow([name, "", "", ""])
