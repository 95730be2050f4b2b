#!/usr/bin/env python3
"""The renderer lab's two rlottie libraries (#18): the corpus drawn by the system librlottie (Debian's
0.1 with its patches, through `lottiekit render`) and by rlottie-python's (Samsung/rlottie's master,
the player `make compat-lab` measures), compared the lab's way, and lottiekit's claims for
`rlottie@0.1` and `rlottie` asked of each file that the two draw differently.

Usage (with the oracle venv's python, as `make rlottie-versions` runs it):
  rlottie-versions.py LOTTIEKIT [--corpus DIR] [--out docs/rlottie-versions.md]

The sample is the lab's: every parseable animation of the corpus whose own images are present, at
the lab's four frames (10/35/60/85 % of op - ip), 200 px tiles laid on white and on black, a pixel
differing when nothing within one pixel of it is within 32/255, a file differing when its worst
frame differs on more than 2 % of the tile. No reference player is involved: this measures where a
claim measured with one library may not hold for the other.
"""
import argparse, glob, importlib.util, json, os, subprocess, sys, tempfile

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compat_lab", os.path.join(HERE, "compat-lab.py"))
lab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lab)
lab_size = 200  # the lab's tile
# The lab's sample in make test sizes `lottiekit render` the same way (compat_fixtures.fitted).
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "oracles"))
import compat_fixtures  # noqa: E402


def compare(lottiekit, path, doc, frames, tmp):
    """The worst frame's differing share, and its frame; or a failure note."""
    worst, at = 0.0, None
    ip = float(doc.get("ip", 0))
    for frame in frames:
        system, bundled = os.path.join(tmp, "system.png"), os.path.join(tmp, "bundled.png")
        for p in (system, bundled):
            if os.path.exists(p):
                os.remove(p)
        own = ip + frame  # lottiekit render takes the animation's own frame numbers; render.py counts from ip
        if own != int(own):
            return None, None, "in point not a whole frame"
        try:
            a = subprocess.run([lottiekit, "render", path, "--frame", str(int(own)), "--size", compat_fixtures.fitted(path, lab_size), "-o", system,
                                "--quiet"], capture_output=True, timeout=60)
            b = subprocess.run([sys.executable, "-c", lab.FIT_UP, path, str(frame), bundled, "--engine", "rlottie", "--max-side",
                                str(lab_size)], capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            return None, None, "timeout (60 s)"
        if a.returncode != 0 or b.returncode != 0 or not os.path.exists(system) or not os.path.exists(bundled):
            return None, None, f"system library exit {a.returncode}, rlottie-python exit {b.returncode}"
        share = lab.differing_share(lab.tile(Image.open(system), lab_size), lab.tile(Image.open(bundled), lab_size, premultiplied=True))
        if share > worst:
            worst, at = share, frame
    return worst, at, None


def level_changes(lottiekit, path):
    """Features whose level differs between rlottie@0.1 and rlottie, as 'feature (0.1 / 0.2)'."""
    r = subprocess.run([lottiekit, "compat", "--format", "json", "--target", "rlottie@0.1", "--target", "rlottie", path],
                       capture_output=True, text=True, timeout=120)
    try:
        features = json.loads(r.stdout)["files"][0]["features"]
    except Exception:
        return ["(compat failed)"]
    out = set()
    for f in features:
        a, b = (f["support"].get(t, {}).get("level") for t in ("rlottie@0.1", "rlottie"))
        if a != b:
            out.add(f"{f['feature']} ({a} / {b})")
    return sorted(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lottiekit")
    ap.add_argument("--corpus", default=os.path.join(lab.ORACLES, "..", "corpus"))
    ap.add_argument("--out", default=os.path.join(HERE, "..", "docs", "rlottie-versions.md"))
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="rlottie_versions_")
    compared, differing, failures = 0, [], []
    for path in sorted(glob.glob(os.path.join(a.corpus, "**", "*.json"), recursive=True)):
        frames = lab.animation_frames(path)
        if frames is None or lab.missing_images(path):
            continue
        doc = json.load(open(path, "rb"))
        name = os.path.relpath(path, os.path.join(lab.ORACLES, ".."))
        worst, at, failure = compare(a.lottiekit, path, doc, frames, tmp)
        if failure:
            failures.append((name, failure))
            continue
        compared += 1
        if worst > lab.THRESHOLD:
            differing.append((worst, at, name, level_changes(a.lottiekit, path)))
        if compared % 50 == 0:
            print(f"rlottie-versions: {compared} files", file=sys.stderr, flush=True)
    differing.sort(key=lambda d: (-d[0], d[2]))
    explained = [d for d in differing if d[3]]
    lines = ["# rlottie 0.1 and 0.2 on the corpus", "",
             "Written by `make rlottie-versions` (`Scripts/rlottie-versions.py`) on this project's machine. The renderer lab",
             "measures rlottie with rlottie-python 1.3.8, which bundles Samsung/rlottie's master (librlottie 0.2); `lottiekit",
             "render` links the system librlottie, Debian's 0.1+dfsg-4+deb12u2 with its patches (the data's `rlottie@0.1`).",
             "Each corpus animation the lab compares is drawn by both at the lab's four frames and compared the lab's way",
             "(200 px tiles on white and on black, one-pixel and 32/255 tolerant; a file differs past 2 % of the tile at its",
             "worst frame). The last column names the features whose level lottiekit gives differently for `rlottie@0.1`",
             "and `rlottie` (0.1's level / 0.2's): where it is empty, the data does not say why the two differ.", "",
             "| | files |", "|---|---|",
             f"| compared | {compared} |",
             f"| drawn differently by the two libraries | {len(differing)} |",
             f"| of them, with a feature whose level differs between `rlottie@0.1` and `rlottie` | {len(explained)} |",
             f"| not compared: a library failed, timed out or the in point is not a whole frame | {len(failures)} |", "",
             "| file | worst frame | differs | levels that differ (0.1 / 0.2) |", "|---|---|---|---|"]
    for worst, at, name, changes in differing:
        lines.append(f"| `{name}` | {at} | {100 * worst:.1f} % | {', '.join(changes) or '—'} |")
    lines += ["", "Not compared:", ""] + [f"- `{n}`: {why}" for n, why in failures]
    open(a.out, "w").write("\n".join(lines) + "\n")
    print(f"rlottie-versions: {compared} compared, {len(differing)} differ, {len(explained)} with a level that differs; wrote {a.out}")


if __name__ == "__main__":
    main()
