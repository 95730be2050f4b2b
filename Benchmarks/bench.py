#!/usr/bin/env python3
"""lottiekit benchmarks, side by side with jq and python on the same files.

Each tool runs once over the whole file list in one process (so start-up cost is counted once for
every tool); CPU time (user + sys) and peak RSS come from wait4(). Best of --repeat runs.
Targets (issue #2): lottiekit parse + `format --minify` at least 5x jq's CPU time on the corpus; peak
memory under 3x the largest file + 50 MB. Exits 1 when a target is missed."""
import argparse, json, os, pathlib, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

# Prints [parseable JSON files, those that are animations]: jq and python stop or complain on
# invalid files, so tools are compared on what all can read.
LIST_FILES = '''
import json, pathlib, sys
files, animations = [], []
for p in sorted(pathlib.Path(sys.argv[1]).rglob("*.json")):
    try:
        value = json.loads(p.read_bytes().decode("utf-8-sig"))
    except Exception:
        continue
    files.append(str(p))
    if isinstance(value, dict) and "layers" in value:
        animations.append(str(p))
print(json.dumps([files, animations]))
'''

def measure(cmd, repeat):
    best = None
    for _ in range(repeat):
        with open(os.devnull, "wb") as null:
            p = subprocess.Popen(cmd, stdout=null, stderr=null)
            _, status, usage = os.wait4(p.pid, 0)
        cpu = usage.ru_utime + usage.ru_stime
        rss = usage.ru_maxrss * 1024
        if best is None or cpu < best[0]:
            best = (cpu, rss, os.waitstatus_to_exitcode(status))
    return best

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lottiekit", default=str(ROOT / ".build/release/lottiekit"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if not CORPUS.exists():
        print(f"bench: {CORPUS} is absent; nothing to measure", file=sys.stderr)
        return 0
    # Which files parse is found in a child process: a fork copies this process's resident pages
    # into the child's peak RSS (wait4 reports the most the process held, before its exec too), so
    # this process must stay small or every tool's peak RSS reads as at least its size (it read
    # 56.5 MB for jq, python and lottiekit alike once the corpus had been parsed here).
    # The transforms refuse a named file that is not an animation (exit 2, nothing done): optimize
    # gets the animations only (a corpus footage_0.json has no layers).
    listing = subprocess.run([sys.executable, "-c", LIST_FILES, str(CORPUS)], capture_output=True, text=True, check=True)
    files, animations = json.loads(listing.stdout)
    total = sum(os.path.getsize(f) for f in files)
    largest = max(os.path.getsize(f) for f in files)
    mb = total / 1e6
    print(f"corpus: {len(files)} parseable JSON files, {mb:.1f} MB, largest {largest / 1e6:.2f} MB")
    print(f"machine: {os.cpu_count()} cores; best of {args.repeat} runs; CPU = user + sys\n")

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write("import json, sys\n"
                     "for f in sys.argv[1:]:\n"
                     "    with open(f, 'rb') as h:\n"
                     "        sys.stdout.write(json.dumps(json.loads(h.read().decode('utf-8-sig')), separators=(',', ':')) + '\\n')\n")
    tools = [
        ("lottiekit format --minify", [args.lottiekit, "format", "--minify", "--quiet"] + files),
        ("jq -c .", ["jq", "-c", "."] + files),
        ("python json load+dump", [sys.executable, script.name] + files),
    ]
    # python-lottie's object model (load + dump), from the oracle venv that `make oracles` builds.
    lottie_python = ROOT / ".venv-oracles/bin/python3"
    if lottie_python.exists() and subprocess.run([str(lottie_python), "-c", "import lottie"], capture_output=True).returncode == 0:
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as plscript:
            plscript.write("import json, sys\n"
                           "from lottie.objects import Animation\n"
                           "for f in sys.argv[1:]:\n"
                           "    with open(f, 'rb') as h:\n"
                           "        d = json.loads(h.read().decode('utf-8-sig'))\n"
                           "    try:\n"
                           "        sys.stdout.write(json.dumps(Animation.load(d).to_dict(), separators=(',', ':')) + '\\n')\n"
                           "    except Exception:\n"
                           "        pass\n")
        tools.append(("python-lottie load+dump", [str(lottie_python), plscript.name] + files))
    # lint over the same files (one process, both cores): the default rule set (what `lottiekit
    # lint` runs), and every rule there is: both opt-in profiles (spec-strict reports ~80,000
    # findings on the corpus, 86 MB of JSON) and the compat rule for every renderer.
    targets = []
    for t in ("ios", "ios-core-animation", "android", "web", "web-canvas", "web-html", "skottie", "rlottie", "thorvg"):
        targets += ["--target", t]
    tools.insert(1, ("lottiekit lint (default rules)", [args.lottiekit, "lint", "--quiet", "--format", "json"] + files))
    tools.insert(2, ("lottiekit lint (every rule)", [args.lottiekit, "lint", "--quiet", "--format", "json", "--profile", "spec-strict",
                                                      "--profile", "telegram-sticker"] + targets + files))
    # What "every rule" adds, part by part: the sticker-size rule gzips every animation over 64 KB
    # at up to best compression, which alone is most of the 5x budget.
    tools.insert(3, ("  default + spec-strict", [args.lottiekit, "lint", "--quiet", "--format", "json", "--profile", "spec-strict"] + files))
    tools.insert(4, ("  default + telegram-sticker", [args.lottiekit, "lint", "--quiet", "--format", "json", "--profile", "telegram-sticker"] + files))
    tools.insert(5, ("  default + 9 targets", [args.lottiekit, "lint", "--quiet", "--format", "json"] + targets + files))
    # optimize --lossless, reported and not written (--dry-run): every step, then minify (#20).
    tools.insert(6, ("lottiekit optimize --lossless (dry run)", [args.lottiekit, "optimize", "--lossless", "--dry-run", "--quiet"] + animations))
    # optimize's default level renders every candidate and the original with rlottie (4 frames
    # each, in worker processes whose CPU time wait4 includes): once is enough.
    tools.insert(7, ("lottiekit optimize (level 1, dry run)", [args.lottiekit, "optimize", "--dry-run", "--quiet"] + animations))
    results = {}
    ok_runs = True
    print(f"{'tool':<32}{'CPU s':>8}{'MB/s':>9}{'peak RSS':>11}{'vs lottiekit':>14}")
    for name, cmd in tools:
        try:
            # python-lottie takes a minute a run: once is enough to see the order of magnitude.
            cpu, rss, code = measure(cmd, 1 if name.startswith("python-lottie") or "level 1" in name else args.repeat)
        except FileNotFoundError:
            print(f"{name:<32}{'(not installed)':>20}")
            continue
        if code not in (0, 1):
            # A run that stopped at an error measured nothing: say so rather than print its time.
            print(f"{name:<32}{f'(exit {code}: not measured)':>30}")
            ok_runs = False
            continue
        results[name] = (cpu, rss)
        print(f"{name:<32}{cpu:8.3f}{mb / cpu:9.1f}{rss / 1e6:9.1f} MB", end="")
        base = results.get("lottiekit format --minify")
        print(f"{cpu / base[0]:13.1f}x" if base else f"{'1.0x':>14}")
    os.unlink(script.name)

    ok = ok_runs
    ours = results.get("lottiekit format --minify")
    jq = results.get("jq -c .")
    if ours and jq:
        ratio = jq[0] / ours[0]
        verdict = "ok" if ratio >= 5 else "MISSED"
        ok &= ratio >= 5
        print(f"\ntarget: lottiekit >= 5x faster than jq in CPU time: {ratio:.1f}x ({verdict})")
    for name in ("lottiekit lint (default rules)", "lottiekit lint (every rule)"):
        lint = results.get(name)
        if lint and jq:
            ratio = jq[0] / lint[0]
            verdict = "ok" if ratio >= 5 else "MISSED"
            ok &= ratio >= 5
            print(f"target: {name} >= 5x faster than jq in CPU time: {ratio:.1f}x ({verdict})")
    if ours:
        limit = 3 * largest + 50e6
        verdict = "ok" if ours[1] <= limit else "MISSED"
        ok &= ours[1] <= limit
        print(f"target: peak RSS <= 3 x largest + 50 MB = {limit / 1e6:.1f} MB: {ours[1] / 1e6:.1f} MB ({verdict})")
    ok &= inline_bench(args)
    ok &= svg_bench(args)
    size_table(args, files, lottie_python)
    return 0 if ok else 1


def size_table(args, files, lottie_python):
    """What each way of making files smaller leaves of the corpus files over 20 KB (every 8th in
    path order, about 40 files as in #20's figures; python-lottie takes a second a file): median
    share of the original bytes, raw and after gzip -9."""
    import gzip, statistics, shutil
    big = [f for f in files if os.path.getsize(f) > 20_000][::8]
    work = tempfile.mkdtemp(prefix="lottiekit-sizes-")
    ways = [("lottiekit format --minify", lambda f, o: [args.lottiekit, "format", "--minify", f, "-o", o]),
            ("lottiekit pack --precision 3", lambda f, o: [args.lottiekit, "pack", "--precision", "3", f, "-o", o]),
            ("lottiekit optimize --lossless", lambda f, o: [args.lottiekit, "optimize", "--lossless", "--quiet", f, "-o", o]),
            ("lottiekit optimize (level 1)", lambda f, o: [args.lottiekit, "optimize", "--quiet", f, "-o", o]),
            ("lottiekit optimize --level 2", lambda f, o: [args.lottiekit, "optimize", "--level", "2", "--quiet", f, "-o", o]),
            ("lottiekit optimize --level 3", lambda f, o: [args.lottiekit, "optimize", "--level", "3", "--quiet", f, "-o", o])]
    if lottie_python.exists():
        convert = str(lottie_python.parent / "lottie_convert.py")
        ways += [("python-lottie -O1", lambda f, o: [str(lottie_python), convert, f, o, "--optimize", "1"]),
                 ("python-lottie -O2", lambda f, o: [str(lottie_python), convert, f, o, "--optimize", "2"])]
    print(f"\nsizes on {len(big)} corpus files over 20 KB (every 8th): median share of the original (raw, gzip -9)")
    print(f"{'way':<34}{'raw':>8}{'gzip':>8}{'vs pack 3 raw':>15}{'vs pack 3 gzip':>16}")
    sizes, kept = {}, {}
    try:
        for name, cmd in ways:
            raw, gz = {}, {}
            outputs = []
            for k, f in enumerate(big):
                out = os.path.join(work, f"{k}.json")
                if subprocess.run(cmd(f, out), capture_output=True).returncode == 0 and os.path.exists(out):
                    data = open(out, "rb").read()
                    raw[f], gz[f] = len(data), len(gzip.compress(data, 9))
                    outputs.append(data)
                    os.unlink(out)
            sizes[name] = (raw, gz)
            if name in ("lottiekit optimize --lossless", "lottiekit optimize (level 1)"):
                kept[name] = outputs
        original = {f: open(f, "rb").read() for f in big}
        base = sizes.get("lottiekit pack --precision 3")
        for name, (raw, gz) in sizes.items():
            common = [f for f in big if f in raw]
            r = statistics.median(raw[f] / len(original[f]) for f in common)
            g = statistics.median(gz[f] / len(gzip.compress(original[f], 9)) for f in common)
            line = f"{name:<34}{100 * r:7.1f}%{100 * g:7.1f}%"
            if base:
                both = [f for f in common if f in base[0]]
                line += f"{100 * statistics.median(raw[f] / base[0][f] for f in both):14.1f}%"
                line += f"{100 * statistics.median(gz[f] / base[1][f] for f in both):15.1f}%"
            failed = len(big) - len(common)
            print(line + (f"  ({failed} failed)" if failed else ""))
        for name, outputs in kept.items():
            composition = gzip_composition(outputs)
            if composition:
                total, shares = composition
                print(f"what the gzip bytes of {name} are ({total} bytes): " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in shares.items()))
    finally:
        shutil.rmtree(work, ignore_errors=True)

def gzip_composition(outputs):
    """What the gzip -9 bytes of optimize's output are made of (#20: the waste gzip leaves): each
    kind of content is neutralised in a copy (every number written 0, names `nm` emptied, image
    data URIs emptied, other strings emptied) and the copy compressed again; the bytes that go are
    that kind's share. What no neutralising removes is the structure (keys, brackets) and what the
    kinds share. Sums over the files."""
    import gzip, json
    def gz(obj):
        return len(gzip.compress(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode(), 9))
    def neutralise(node, kind, key=None):
        if isinstance(node, dict):
            return {k: neutralise(v, kind, k) for k, v in node.items()}
        if isinstance(node, list):
            return [neutralise(v, kind, key) for v in node]
        if isinstance(node, bool) or node is None:
            return node
        if isinstance(node, (int, float)):
            return 0 if kind == "numbers" else node
        if isinstance(node, str):
            image = node.startswith("data:")
            if kind == "names" and key == "nm": return ""
            if kind == "images" and image: return ""
            if kind == "other strings" and key != "nm" and not image: return ""
        return node
    kinds = ["numbers", "names", "images", "other strings"]
    total, gone = 0, {k: 0 for k in kinds}
    for data in outputs:
        try:
            doc = json.loads(data)
        except ValueError:
            continue
        base = gz(doc)
        total += base
        for k in kinds:
            gone[k] += base - gz(neutralise(doc, k))
    if not total:
        return None
    shares = {k: gone[k] / total for k in kinds}
    shares["structure and shared"] = 1 - sum(shares.values())
    return total, shares


def inline_bench(args):
    """inline on a file with 50 images of 200 KB each (issue #6: python tools ~0.4 s, target < 0.1 s)."""
    import base64, random, shutil, struct, time, zlib
    work = tempfile.mkdtemp(prefix="lottiekit-bench-")
    try:
        os.makedirs(os.path.join(work, "images"))
        rng = random.Random(1)
        assets = []
        for k in range(50):
            ihdr = b"IHDR" + struct.pack(">IIBBBBB", 200, 200, 8, 6, 0, 0, 0)
            png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr + struct.pack(">I", zlib.crc32(ihdr))
            png += rng.randbytes(200 * 1024 - len(png))
            with open(os.path.join(work, "images", f"img_{k}.png"), "wb") as f:
                f.write(png)
            assets.append({"id": f"image_{k}", "w": 200, "h": 200, "u": "images/", "p": f"img_{k}.png", "e": 0})
        anim = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 512, "h": 512, "assets": assets, "layers": []}
        with open(os.path.join(work, "a.json"), "w") as f:
            json.dump(anim, f)
        out = os.path.join(work, "out.json")
        cmd = [args.lottiekit, "inline", "--quiet", os.path.join(work, "a.json"), "-o", out]
        runs = [measure_wall(cmd) for _ in range(max(args.repeat, 5))]
        best = min(r[0] for r in runs)
        cpu = min(r[1] for r in runs)
        # The same job in python (read, base64, rewrite the JSON), as the python tools do it.
        t0 = time.perf_counter()
        d = json.load(open(os.path.join(work, "a.json")))
        for a in d["assets"]:
            data = open(os.path.join(work, a["u"] + a["p"]), "rb").read()
            a["p"] = "data:image/png;base64," + base64.b64encode(data).decode()
            a["u"], a["e"] = "", 1
        json.dump(d, open(os.path.join(work, "py.json"), "w"))
        py = time.perf_counter() - t0
        print(f"\ninline 50 x 200 KB images (13 MB out, written atomically with fsync): lottiekit {best * 1000:.0f} ms wall, "
              f"{cpu * 1000:.0f} ms CPU; python json+base64 (no fsync) {py * 1000:.0f} ms")
        verdict = "ok" if best < 0.1 else "MISSED"
        print(f"target: inline under 100 ms: {best * 1000:.0f} ms ({verdict})")
        return best < 0.1
    finally:
        shutil.rmtree(work, ignore_errors=True)

def svg_bench(args):
    """svg (issue #8): all of Debian's bootstrap-icons in one run, and one 5,000-element SVG, side by
    side with python-lottie's SVG parser in one python process (python-lottie: ~4 s on the latter)."""
    import random, shutil, time
    icons = sorted(pathlib.Path("/usr/share/bootstrap-icons/svg").glob("*.svg"))
    python = ROOT / ".venv-oracles" / "bin" / "python3"
    work = tempfile.mkdtemp(prefix="lottiekit-bench-svg-")
    ok = True
    try:
        rng = random.Random(5)
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">',
                 '<style>.a{fill:#3366cc}.b{stroke:#aa2200;stroke-width:2;fill:none}</style>']
        for k in range(5000):
            x, y = rng.uniform(0, 950), rng.uniform(0, 950)
            kind = k % 5
            if kind == 0:
                parts.append(f'<path class="a" d="M{x:.2f} {y:.2f}a20 12 30 1 1 30 10l-10 15q-5 5-12 0z"/>')
            elif kind == 1:
                parts.append(f'<rect class="b" x="{x:.1f}" y="{y:.1f}" width="30" height="20" rx="4" transform="rotate({k % 90} {x:.1f} {y:.1f})"/>')
            elif kind == 2:
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{rng.uniform(2, 20):.1f}" fill="rgb({k % 255},120,{(k * 7) % 255})" opacity=".8"/>')
            elif kind == 3:
                parts.append(f'<g transform="translate({x:.1f} {y:.1f}) scale(1.5)"><polygon points="0,0 10,3 4,12" fill="#0a0"/></g>')
            else:
                parts.append(f'<path d="M{x:.1f} {y:.1f}c10-10 20 10 30 0s10 10 20 0" class="b" stroke-linecap="round"/>')
        parts.append("</svg>")
        big = os.path.join(work, "big.svg")
        with open(big, "w") as f:
            f.write("\n".join(parts))
        rows = []
        big_runs = [measure_wall([args.lottiekit, "svg", "--quiet", big, "-o", os.path.join(work, "big.json")]) for _ in range(args.repeat)]
        rows.append(("5,000-element SVG", min(r[0] for r in big_runs), min(r[1] for r in big_runs)))
        if icons:
            out = os.path.join(work, "icons")
            os.makedirs(out)
            runs = [measure_wall([args.lottiekit, "svg", "--quiet", *map(str, icons), "-o", out]) for _ in range(args.repeat)]
            rows.append((f"bootstrap-icons ({len(icons)} files)", min(r[0] for r in runs), min(r[1] for r in runs)))
        py = {}
        if python.exists():
            script = (
                "import sys, time, json\n"
                "from lottie.parsers.svg import parse_svg_file\n"
                "from lottie.exporters.core import export_lottie\n"
                "t0 = time.perf_counter(); failed = 0\n"
                "for k, f in enumerate(sys.argv[2:]):\n"
                "    try: export_lottie(parse_svg_file(f), sys.argv[1] + '/%d.json' % k)\n"
                "    except Exception: failed += 1\n"
                "print(json.dumps({'s': time.perf_counter() - t0, 'failed': failed}))\n")
            for label, files in (("5,000-element SVG", [big]), (f"bootstrap-icons ({len(icons)} files)", list(map(str, icons)))):
                if not files:
                    continue
                p = subprocess.run([str(python), "-c", script, work, *files], capture_output=True, text=True)
                try:
                    py[label] = json.loads(p.stdout.strip().splitlines()[-1])
                except Exception:
                    pass
        print(f"\n{'svg':<34}{'lottiekit wall':>15}{'CPU':>9}{'python-lottie':>15}{'ratio':>8}")
        for label, wall, cpu in rows:
            other = py.get(label)
            extra = f"{other['s']:13.2f} s{other['s'] / wall:7.1f}x" if other else f"{'(not installed)':>22}"
            print(f"{label:<34}{wall:13.3f} s{cpu:7.2f} s{extra}")
            if other and other.get("failed"):
                print(f"{'':<34}python-lottie failed on {other['failed']} file(s)")
        big_wall = rows[0][1]
        verdict = "ok" if big_wall < 1.0 else "MISSED"
        print(f"target: 5,000-element SVG well under python-lottie's ~4 s (1 s): {big_wall:.2f} s ({verdict})")
        ok = big_wall < 1.0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ok

def measure_wall(cmd):
    """(wall seconds, CPU seconds) of one run."""
    import time
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd[1]} failed")
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime

if __name__ == "__main__":
    sys.exit(main())
