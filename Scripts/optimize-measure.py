#!/usr/bin/env python3
"""Measures `lottiekit optimize` (#20) on the corpus: sizes against `pack --precision 3` (raw and
gzip -9) and, for every file a step other than minify changed, whether rlottie and ThorVG draw
the optimized file pixel for pixel like the original (4 frames at 10/35/60/85 % of op - ip, through
../shared/oracles/render.py). Also checks that optimizing the output again changes nothing.

Usage: optimize-measure.py LOTTIEKIT [--corpus DIR] [--python ORACLE_PYTHON] [--no-render]
"""
import argparse, gzip, json, os, statistics, subprocess, sys, tempfile
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


def pixels(python, path, frame, engine, out):
    code, _, _ = run([python, os.path.join(ORACLES, "render.py"), path, str(frame), out, "--engine", engine, "--max-side", "200"], timeout=60)
    if code != 0:
        return ("fail", code)
    from PIL import Image
    return ("ok", Image.open(out).convert("RGBA").tobytes())


def measure(args, path, tmp):
    base = os.path.join(tmp, str(abs(hash(path))))
    opt, again, packed = base + ".opt.json", base + ".again.json", base + ".pack.json"
    code, _, err = run([args.lottiekit, "optimize", path, "-o", opt, "--format", "json"])
    if code != 0:
        return {"file": path, "error": err.decode(errors="replace")[-300:]}
    report = json.loads(err.decode().strip().splitlines()[-1])["files"][0]
    run([args.lottiekit, "optimize", opt, "-o", again])
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
        diffs = []
        for engine in ("rlottie", "thorvg"):
            for f in frames(path):
                a = pixels(args.python, path, f, engine, base + ".a.png")
                b = pixels(args.python, opt, f, engine, base + ".b.png")
                if a != b:
                    diffs.append(f"{engine}@{f}")
        row["pixel_diffs"] = diffs
    return row


def main():
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
    ok = [r for r in rows if "error" not in r]
    both = [r for r in ok if r["pack"]]
    def med(xs): return statistics.median(xs) if xs else float("nan")
    print(f"files: {len(rows)}; optimized: {len(ok)}; refused or unreadable: {len(rows) - len(ok)}")
    print(f"changed by a step beyond minify: {sum(r['changed'] for r in ok)}")
    for step in ("hidden layers", "unused assets", "invisible keyframes", "constant animations", "minify"):
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
    if args.out:
        json.dump(rows, open(args.out, "w"), indent=1)
    return 1 if bad or any(not r["idempotent"] for r in ok) else 0


if __name__ == "__main__":
    sys.exit(main())
