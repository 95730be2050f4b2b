#!/usr/bin/env python3
"""Measures `lottiekit optimize` (#20) on the corpus, `--lossless` and the default level 1: sizes
against `pack --precision 3` (raw and gzip -9), and how rlottie and ThorVG (../shared/oracles/
render.py's engines, 4 frames at 10/35/60/85 % of op - ip, longer side 200 px) draw the result:
lossless must be pixel for pixel the original on every file a step other than minify changed;
level 1 may change at most 0.5 % of the pixels by more than 16/255 (a channel). Also checks that
optimizing the output again changes nothing. Level 3 is measured the same way on the animations
baked frame by frame (where it has keyframes to remove).

Usage: optimize-measure.py LOTTIEKIT [--corpus DIR] [--python ORACLE_PYTHON] [--no-render]
       optimize-measure.py --render FILE ENGINE FRAMES OUT_PREFIX   (worker: one process per file and engine)
"""
import argparse, gzip, json, os, shutil, statistics, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "oracles"))


def run(cmd, timeout=120):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return -999, b"", b"timeout"


def frames(path):
    try:
        d = json.load(open(path, encoding="utf-8"))
        ip, op = float(d["ip"]), float(d["op"])
    except Exception:
        return None
    return [int((op - ip) * f) for f in (0.10, 0.35, 0.60, 0.85)]


def render_worker(path, engine, frames, out_prefix):
    """Renders PATH at FRAMES with one engine in this process (the parent isolates crashes),
    saving OUT_PREFIX-K.png for each frame it could render."""
    sys.path.insert(0, ORACLES)
    import render
    fn = render.render_rlottie if engine == "rlottie" else render.render_thorvg
    raw = open(path, "rb").read()
    for k, f in enumerate(frames):
        try:
            fn(os.path.abspath(path), os.path.dirname(os.path.abspath(path)), raw, f, f"{out_prefix}-{k}.png", 200)
        except Exception:
            pass


def compare(python, a, b, frames, tolerance):
    """Per engine, the worst frame's share of pixels where a channel differs by more than
    TOLERANCE. A frame neither file renders (refused or crashed alike) does not count; one that
    only one of them renders counts as all different."""
    from PIL import Image, ImageChops
    tmp = tempfile.mkdtemp(prefix="optimize-pair-")
    out = {}
    for engine in ("rlottie", "thorvg"):
        for tag, path in (("a", a), ("b", b)):
            run([python, os.path.abspath(__file__), "--render", path, engine, ",".join(map(str, frames)), os.path.join(tmp, f"{engine}-{tag}")], timeout=300)
        worst = 0.0
        for k in range(len(frames)):
            pa, pb = (os.path.join(tmp, f"{engine}-{t}-{k}.png") for t in ("a", "b"))
            if not os.path.exists(pa) and not os.path.exists(pb):
                continue
            if not (os.path.exists(pa) and os.path.exists(pb)):
                worst = 1.0
                continue
            ia, ib = Image.open(pa).convert("RGBA"), Image.open(pb).convert("RGBA")
            if ia.size != ib.size:
                worst = 1.0
                continue
            diff = ImageChops.difference(ia, ib)
            mask = None
            for c in diff.split():
                c = c.point(lambda v: 255 if v > tolerance else 0)
                mask = c if mask is None else ImageChops.lighter(mask, c)
            worst = max(worst, mask.histogram()[255] / (mask.size[0] * mask.size[1]))
        out[engine] = worst
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def beside(path, tmp):
    """A scratch folder in which every entry of PATH's folder is linked, so that an output written
    there finds the original's external images as the original does."""
    folder = tempfile.mkdtemp(dir=tmp)
    source = os.path.dirname(os.path.abspath(path))
    for name in os.listdir(source):
        if name != os.path.basename(path):
            os.symlink(os.path.join(source, name), os.path.join(folder, name))
    return folder


def optimize(args, path, out, extra):
    code, _, err = run([args.lottiekit, "optimize", path, "-o", out, "--format", "json"] + extra, timeout=600)
    if code != 0:
        return None, err.decode(errors="replace")[-300:]
    return json.loads(err.decode().strip().splitlines()[-1])["files"][0], None


def measure(args, path, tmp):
    folder = beside(path, tmp)
    base = os.path.join(folder, "out")
    # The original is rendered from the same folder as the outputs: rlottie was seen to draw an
    # image layer differently from a folder reached through a link than from its own.
    original = os.path.join(folder, "original.json")
    shutil.copyfile(path, original)
    opt, again, packed, lossy, lossy_again = (base + s for s in (".opt.json", ".again.json", ".pack.json", ".l1.json", ".l1again.json"))
    report, error = optimize(args, path, opt, ["--lossless"])
    if error:
        return {"file": path, "error": error}
    run([args.lottiekit, "optimize", "--lossless", opt, "-o", again])
    run([args.lottiekit, "pack", path, "--precision", "3", "-o", packed])
    raw = open(path, "rb").read()
    o = open(opt, "rb").read()
    p = open(packed, "rb").read() if os.path.exists(packed) else None
    row = {"file": path, "original": len(raw), "optimized": len(o), "optimized_gz": len(gzip.compress(o, 9)),
           "idempotent": os.path.exists(again) and open(again, "rb").read() == o,
           "pack": len(p) if p else None, "pack_gz": len(gzip.compress(p, 9)) if p else None,
           "steps": {s["name"]: s["before"] - s["after"] for s in report["steps"]}}
    changed = any(v != 0 for k, v in row["steps"].items() if k != "minify")
    row["changed"] = changed
    if changed and not args.no_render and frames(path):
        shares = compare(args.python, original, opt, frames(path), 0)
        row["pixel_diffs"] = [e for e in ("rlottie", "thorvg") if shares.get(e, 1) > 0]
    report1, error = optimize(args, path, lossy, [])
    if error:
        row["level1_error"] = error
        return row
    l1 = open(lossy, "rb").read()
    run([args.lottiekit, "optimize", lossy, "-o", lossy_again])
    row.update({"level1": len(l1), "level1_gz": len(gzip.compress(l1, 9)), "level1_reached": report1.get("level", 0),
                "level1_idempotent": os.path.exists(lossy_again) and open(lossy_again, "rb").read() == l1,
                "level1_steps": {s["name"]: s["before"] - s["after"] for s in report1["steps"]}})
    l2, error = optimize(args, path, base + ".l2.json", ["--level", "2"])
    if not error:
        l2 = open(base + ".l2.json", "rb").read()
        row.update({"level2": len(l2), "level2_gz": len(gzip.compress(l2, 9))})
    if not args.no_render and frames(path) and l1 != o:
        row["level1_shares"] = compare(args.python, original, lossy, frames(path), 16)
    if baked(path):
        # Level 3 (keyframes a line reproduces) where it has something to do: animations baked
        # frame by frame. Same pixel limit as level 1, and optimizing its output again changes nothing.
        l3_path, l3_again = base + ".l3.json", base + ".l3again.json"
        report3, error = optimize(args, path, l3_path, ["--level", "3"])
        if not error:
            l3 = open(l3_path, "rb").read()
            run([args.lottiekit, "optimize", "--level", "3", l3_path, "-o", l3_again])
            row.update({"level3": len(l3), "level3_gz": len(gzip.compress(l3, 9)),
                        "level3_keyframes": sum(s["before"] - s["after"] for s in report3["steps"] if s["name"] == "keyframes"),
                        "level3_idempotent": os.path.exists(l3_again) and open(l3_again, "rb").read() == l3})
            if not args.no_render and frames(path):
                row["level3_shares"] = compare(args.python, original, l3_path, frames(path), 16)
    return row


def baked(path):
    """More than 30 % of the keyframes one frame or less after the previous one."""
    try:
        doc = json.load(open(path, "rb"))
    except Exception:
        return False
    total = close = 0
    stack = [doc]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            k = n.get("k")
            if isinstance(k, list) and len(k) > 2 and isinstance(k[0], dict) and "t" in k[0]:
                ts = [f.get("t") for f in k if isinstance(f, dict)]
                total += len(ts)
                close += sum(1 for a, b in zip(ts, ts[1:]) if isinstance(a, (int, float)) and isinstance(b, (int, float)) and 0 < b - a <= 1.01)
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return total > 0 and close / total > 0.3


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--render":
        render_worker(sys.argv[2], sys.argv[3], [int(f) for f in sys.argv[4].split(",")], sys.argv[5])
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("lottiekit")
    ap.add_argument("--corpus", default=os.path.join(ORACLES, "..", "corpus"))
    ap.add_argument("--python", default=os.path.join(HERE, "..", ".venv-oracles", "bin", "python"))
    ap.add_argument("--no-render", action="store_true")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    files = sorted(os.path.join(d, n) for d, _, ns in os.walk(args.corpus) for n in ns if n.endswith(".json"))
    tmp = tempfile.mkdtemp(prefix="optimize-measure-")
    with ThreadPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(lambda f: measure(args, f, tmp), files))
    shutil.rmtree(tmp, ignore_errors=True)
    ok = [r for r in rows if "error" not in r]
    both = [r for r in ok if r["pack"]]
    def med(xs): return statistics.median(xs) if xs else float("nan")
    print(f"files: {len(rows)}; optimized: {len(ok)}; refused or unreadable: {len(rows) - len(ok)}")
    print(f"changed by a step beyond minify: {sum(r['changed'] for r in ok)}")
    for step in ("invisible layers", "duplicate images", "unused assets", "embedded PNGs", "invisible keyframes", "constant animations", "defaults", "minify"):
        saved = [r["steps"].get(step, 0) for r in ok]
        print(f"  {step}: {sum(1 for s in saved if s > 0)} files, {sum(saved)} bytes")
    print(f"median size, optimized / original: {100 * med([r['optimized'] / r['original'] for r in ok]):.1f} %")
    print(f"median size, optimized / pack --precision 3: raw {100 * med([r['optimized'] / r['pack'] for r in both]):.1f} %, "
          f"gzip {100 * med([r['optimized_gz'] / r['pack_gz'] for r in both]):.1f} %")
    print(f"idempotent: {sum(r['idempotent'] for r in ok)}/{len(ok)}")
    rendered = [r for r in ok if "pixel_diffs" in r]
    bad = [r for r in rendered if r["pixel_diffs"]]
    print(f"pixel-identical in rlottie and ThorVG (4 frames): {len(rendered) - len(bad)}/{len(rendered)} changed files")
    for r in bad[:20]:
        print(f"  differs: {r['file']}: {', '.join(r['pixel_diffs'])}")
    l1 = [r for r in ok if "level1" in r]
    print(f"level 1: {len(l1)} files; reached level 1 on {sum(1 for r in l1 if r['level1_reached'] == 1)}, lossless kept on the rest")
    for step in ("metadata", "precision"):
        saved = [r["level1_steps"].get(step, 0) for r in l1]
        print(f"  {step}: {sum(1 for s in saved if s > 0)} files, {sum(saved)} bytes")
    both1 = [r for r in l1 if r["pack"]]
    print(f"median size, level 1 / pack --precision 3: raw {100 * med([r['level1'] / r['pack'] for r in both1]):.1f} %, "
          f"gzip {100 * med([r['level1_gz'] / r['pack_gz'] for r in both1]):.1f} %")
    print(f"level 1 idempotent: {sum(r['level1_idempotent'] for r in l1)}/{len(l1)}")
    both2 = [r for r in l1 if r["pack"] and "level2" in r]
    print(f"median size, level 2 (names too) / pack --precision 3: raw {100 * med([r['level2'] / r['pack'] for r in both2]):.1f} %, "
          f"gzip {100 * med([r['level2_gz'] / r['pack_gz'] for r in both2]):.1f} %")
    shared = [r for r in l1 if "level1_shares" in r]
    over = [r for r in shared if max(r["level1_shares"].get("rlottie", 1), r["level1_shares"].get("thorvg", 1)) > 0.005]
    worst = {e: max([r["level1_shares"].get(e, 1) for r in shared] or [0]) for e in ("rlottie", "thorvg")}
    print(f"level 1 within 0.5 % changed pixels in rlottie and ThorVG: {len(shared) - len(over)}/{len(shared)} rendered files "
          f"(worst: rlottie {100 * worst['rlottie']:.3f} %, ThorVG {100 * worst['thorvg']:.3f} %)")
    for r in over[:20]:
        print(f"  over: {r['file']}: {r['level1_shares']}")
    l3 = [r for r in ok if "level3" in r and "level2" in r]
    over3 = [r for r in l3 if "level3_shares" in r and max(r["level3_shares"].get("rlottie", 1), r["level3_shares"].get("thorvg", 1)) > 0.005]
    unstable3 = [r for r in l3 if not r["level3_idempotent"]]
    if l3:
        print(f"level 3 on the {len(l3)} animations baked frame by frame (over 30 % of keyframes one frame apart): "
              f"{sum(r['level3'] for r in l3)} bytes against level 2's {sum(r['level2'] for r in l3)} "
              f"({100 * (sum(r['level3'] for r in l3) / sum(r['level2'] for r in l3) - 1):+.1f} %), "
              f"keyframes removed in {sum(1 for r in l3 if r['level3_keyframes'] > 0)}; "
              f"within 0.5 % changed pixels: {sum(1 for r in l3 if 'level3_shares' in r) - len(over3)}/{sum(1 for r in l3 if 'level3_shares' in r)}; "
              f"idempotent {len(l3) - len(unstable3)}/{len(l3)}")
        for r in over3[:10] + unstable3[:10]:
            print(f"  level 3: {r['file']}: {r.get('level3_shares')} idempotent {r['level3_idempotent']}")
    if args.out:
        json.dump(rows, open(args.out, "w"), indent=1)
    return 1 if bad or over or over3 or unstable3 or any(not r["idempotent"] for r in ok) else 0


if __name__ == "__main__":
    sys.exit(main())
