#!/usr/bin/env python3
"""The renderer lab (#18), first stage: measures how often rlottie and ThorVG draw a file differently
from lottie-web (the reference player), and how well lottiekit's renderer claims predict it.

Usage (with the oracle venv's python, as `make compat-lab` runs it):
  compat-lab.py LOTTIEKIT [--corpus DIR] [--conformance DIR] [--every N] [--size PX] [--claims-only]
                [--cache DIR] [--out docs/compat-evidence.md]

For every parseable animation of the sample: four frames at 10/35/60/85 % of op - ip, rendered by
lottie-web 5.7.5 in headless Chromium (../shared/oracles/render_web.py) and by rlottie and ThorVG
(../shared/oracles/render.py, each in its own process: a crash is a result, not the lab's end), all
fitted into the same square tile and compared on white and on black (lottie-web drawn on a transparent
page, so that white artwork counts). A player disagrees with lottie-web when its worst frame
differs on more than 2 % of the tile, a pixel counting as different only when no pixel within one
pixel of it in the other picture is within 32/255 on every channel (anti-aliasing and one-pixel
shifts are not counted); or when it refuses the file, crashes, or draws nothing where lottie-web
draws. Files where lottie-web draws nothing are left out. lottiekit "claims" something about a
player for a file when `lottiekit compat` gives any feature of it a level other than supported for
that player, unless it calls that feature minor (its bound on what the uses can change stays under
2 % of the frame: an info under --target); minor claims are counted in a row of their own.

Renders are cached by file content in --cache, so a rerun only renders what changed. Each
disagreement's cause is found by ablation; the conformance files are judged against their After
Effects renders; claims the four frames do not confirm are looked for again at 16 frames (the dense
pass, reported beside the goal's figures), and for a feature the player ignores the file without it
is drawn by lottie-web to see whether the claim changes the reference's own picture at all (right
but under 2 %, or wrong), and where that is under 2 % at the 16 frames, at every frame (at most
600): a brief change, a bounce after a keyframe, falls between sampled frames. --claims-only
re-asks lottiekit on the cached renders.

Each file's verdicts (not lottiekit's claims, which are asked anew) are also kept in the repository,
--rows (docs/compat-lab-rows.jsonl: a header line with what the verdicts depend on, the players'
versions and the comparison, then one line per file, keyed by its content), written every 10
files: a run that stops (a session's end, a new machine, an empty cache) goes on where it stopped,
and --claims-only needs no renders once the stored rows cover the whole sample.

Telegram's forks of rlottie are measured too where $TELEGRAM_RLOTTIE (Telegram Desktop's,
desktop-app/rlottie) or $TELEGRAM_IOS_RLOTTIE (TelegramMessenger/rlottie) name a library built by
Scripts/telegram-rlottie.sh: players `telegram-desktop` and `telegram-ios`, judged against lottiekit's
targets of the same names.
"""
import argparse, copy, gzip, hashlib, json, math, os, subprocess, sys
from importlib import metadata

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "oracles"))
FRACTIONS = (0.10, 0.35, 0.60, 0.85)
# Telegram's forks of rlottie (desktop-app/rlottie, TelegramMessenger/rlottie), players too where
# the environment names a library Scripts/telegram-rlottie.sh built: their sources are not in a
# clone, so a fresh machine measures rlottie and ThorVG only.
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "oracles"))
from compat_fixtures import TELEGRAM as FORK, TELEGRAM_LIBRARIES as FORKS  # noqa: E402
PLAYERS = ("rlottie", "thorvg") + tuple(p for p, var in FORKS.items() if os.path.isfile(os.environ.get(var, "")))
# rlottie and the forks that inherit its data (the rlottie emulations below hold for them too).
RLOTTIE_LIKE = ("rlottie",) + tuple(p for p in PLAYERS if p in FORKS)
# The data's target for each player as the lab renders it: thorvg-python 1.1.3 bundles ThorVG
# 1.0.4, and some ThorVG entries end at 1.1 (the stroke width it kept in fixed point).
TARGETS = {"rlottie": "rlottie", "thorvg": "thorvg@1.0", "telegram-desktop": "telegram-desktop", "telegram-ios": "telegram-ios"}
NAMES = {"rlottie": "rlottie", "thorvg": "ThorVG", "telegram-desktop": "Telegram Desktop's rlottie",
         "telegram-ios": "Telegram iOS's rlottie"}
TOLERANCE = 32
# render.py only scales down (--max-side); the lab renders every player at the tile's size, so that
# no picture is resampled after rendering. Run in its own process: a crash is a result.
FIT_UP = ("import sys; sys.path.insert(0, %r); import render\n"
          "render.fit = lambda w, h, m: (max(1, round(w * m / max(w, h))), max(1, round(h * m / max(w, h))))\n"
          "sys.argv = ['render.py'] + sys.argv[1:]; sys.exit(render.main())" % ORACLES)
THRESHOLD = 0.02
# render_web.py draws on a white page, where white artwork is invisible (a title card in white
# letters looks empty, so a player that drops the letters "agrees"). The lab runs it with a
# transparent page instead (Tests/oracles/render_web_transparent.py), so that lottie-web's picture
# keeps its alpha like the players' do, and compares every picture on white and on black (`tile`).
WEB_TRANSPARENT = os.path.join(HERE, "..", "Tests", "oracles", "render_web_transparent.py")
WEB = "web-rgba"  # the cached lottie-web renders' name (web.png: the white page's, before)
def player_command(path, frame, out, size, player):
    """The command that renders one frame of `path` into `out` with a native player."""
    if player in FORKS:
        return [sys.executable, "-c", FORK, path, str(frame), out, str(size), os.environ[FORKS[player]]]
    return [sys.executable, "-c", FIT_UP, path, str(frame), out, "--engine", player, "--max-side", str(size)]


def animation_frames(path):
    try:
        doc = json.load(open(path, "rb"))
        ip, op = float(doc["ip"]), float(doc["op"])
        if not isinstance(doc.get("layers"), list) or op <= ip or doc.get("w", 0) <= 0 or doc.get("h", 0) <= 0:
            return None
    except Exception:
        return None
    return [int((op - ip) * f) for f in FRACTIONS]


def unpremultiplied(image):
    """rlottie and ThorVG hand back premultiplied pixels, which render.py saves as if they were
    straight RGBA: undo that, so that half-transparent colours are not darkened."""
    a = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = a[..., 3:4]
    rgb = np.where(alpha > 0, np.clip(a[..., :3] * 255.0 / np.maximum(alpha, 1), 0, 255), 0)
    return Image.fromarray(np.concatenate([rgb, alpha], axis=2).round().astype(np.uint8), "RGBA")


def tile(image, size, premultiplied=False):
    """An RGBA render centred in a size × size tile, composited on white and on black: six
    channels, so that a pixel matches only when it matches on both (white artwork differs on black,
    black artwork on white)."""
    im = unpremultiplied(image) if premultiplied else image.convert("RGBA")
    if max(im.size) != size:
        scale = size / max(im.size)
        im = im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))), Image.LANCZOS)
    layers = []
    for background in ((255, 255, 255, 255), (0, 0, 0, 255)):
        canvas = Image.new("RGBA", (size, size), background)
        canvas.alpha_composite(im, ((size - im.width) // 2, (size - im.height) // 2))
        layers.append(np.asarray(canvas.convert("RGB"), dtype=np.int16))
    return np.concatenate(layers, axis=2)


def blank(t):
    """A tile with nothing drawn: white on white, black on black."""
    return bool((t[..., :3] == 255).all() and (t[..., 3:] == 0).all())


def rescaled(t, side):
    """A tile brought to another size (both backgrounds)."""
    halves = [Image.fromarray(t[..., k:k + 3].astype(np.uint8), "RGB").resize((side, side), Image.LANCZOS) for k in (0, 3)]
    return np.concatenate([np.asarray(h, dtype=np.int16) for h in halves], axis=2)


def differing_share(a, b, radius=1):
    """Share of pixels of a with no pixel of b within `radius` pixels and TOLERANCE, and vice versa."""
    def unmatched(x, y):
        ok = np.zeros(x.shape[:2], dtype=bool)
        r = radius
        padded = np.pad(y, ((r, r), (r, r), (0, 0)), mode="edge")
        for dy in range(2 * r + 1):
            for dx in range(2 * r + 1):
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


def render_all(path, frames, size, cache, players=PLAYERS, tag=""):
    """{player: [tiles] or a failure string}, with lottie-web under "web". A tag renders another set
    of frames into a folder of its own (the dense confirmation pass)."""
    key = hashlib.sha256(open(path, "rb").read()).hexdigest()[:20]
    folder = os.path.join(cache, key + tag)
    os.makedirs(folder, exist_ok=True)
    result = {}
    web = os.path.join(folder, WEB + ".png")
    if not os.path.exists(web):
        run([sys.executable, WEB_TRANSPARENT, path, web, "--frames", ",".join(map(str, frames)), "--size", str(size)])
    if os.path.exists(web):
        strip = Image.open(web).convert("RGBA")
        result["web"] = [tile(strip.crop((k * size, 0, (k + 1) * size, size)), size) for k in range(len(frames))]
    else:
        result["web"] = "lottie-web did not render"
    for player in players:
        tiles = []
        blank = True
        for k, frame in enumerate(frames):
            out = os.path.join(folder, f"{player}-{k}.png")
            status_file = out + ".status"
            if not os.path.exists(status_file):
                code, stdout = run(player_command(path, frame, out, size, player))
                open(status_file, "w").write(str(code))
            code = open(status_file).read().strip()
            if code != "0" or not os.path.exists(out):
                kind = {"2": "refuses the file", "3": "fails to render"}.get(code, "crashes" if code.startswith("-") else f"fails ({code})")
                tiles = f"{player} {kind}"
                break
            image = Image.open(out)
            blank = blank and not np.asarray(image.convert("RGBA"))[..., 3].any()
            tiles.append(tile(image, size, premultiplied=True))
        result[player] = tiles
        # "Draws nothing" is decided on the player's own alpha, not on the tile: white drawn on
        # the white tile is still a drawing (lottie-android Tests/GradientWithVaryingOpacityStops).
        result[player + " blank"] = blank and not isinstance(tiles, str)
    return result


def claims(lottiekit, path):
    """{player: [(feature text, whether lottie-web (svg) draws that feature)]} for every feature use
    with a level other than supported for that player."""
    code, out = run([lottiekit, "compat", "--format", "json", "--target", ",".join(TARGETS[p] for p in PLAYERS) + ",web-svg@5.7.2", path], timeout=60)
    found = {p: [] for p in PLAYERS}
    found["used"] = []
    # Claims lottiekit itself calls minor (an info under --target: its bound on what the use can
    # change stays under 2 % of the frame); kept apart from the claims the goal counts.
    found["minor"] = {p: [] for p in PLAYERS}
    found["web_ignores"] = []  # features lottie-web 5.7 itself does not draw (the reference cannot judge them)
    try:
        report = json.loads(out)
    except ValueError:
        return found
    for f in report.get("files", []):
        for feature in f.get("features", []):
            found["used"].append(feature["feature"] + (f" ({feature['detail']})" if feature.get("detail") else ""))
            support = feature.get("support", {})
            web_draws = (support.get("web-svg@5.7.2") or {}).get("level", "supported") in ("supported", "slow-fallback")
            if not web_draws:
                found["web_ignores"].append(feature["feature"] + (f" ({feature['detail']})" if feature.get("detail") else ""))
            for player in PLAYERS:
                level = (support.get(TARGETS[player]) or {}).get("level")
                if level and level != "supported":
                    text = f"{feature['feature']}" + (f" ({feature['detail']})" if feature.get("detail") else "")
                    if feature.get("minor"):
                        found["minor"][player].append(text)
                    else:
                        found[player].append((text, web_draws))
    return found


# ---- Ablation: neutralise one feature at a time in a copy, re-render, see what explains the difference.

def _layers(doc):
    for layer in doc.get("layers") or []:
        if isinstance(layer, dict):
            yield layer
    for asset in doc.get("assets") or []:
        if isinstance(asset, dict):
            for layer in asset.get("layers") or []:
                if isinstance(layer, dict):
                    yield layer


def _shape_lists(doc):
    def walk(items):
        if isinstance(items, list):
            yield items
            for it in items:
                if isinstance(it, dict) and isinstance(it.get("it"), list):
                    yield from walk(it["it"])
    for layer in _layers(doc):
        yield from walk(layer.get("shapes"))


def _objects(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            yield n
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)


def _remove_shapes(types):
    def f(doc):
        changed = False
        for items in _shape_lists(doc):
            keep = [it for it in items if not (isinstance(it, dict) and it.get("ty") in types)]
            if len(keep) != len(items):
                items[:] = keep
                changed = True
        return changed
    return f


def _whole_star_points(doc):
    """A star's point counts rounded down, as lottie-web draws them (keyframed counts held at a
    whole number)."""
    import math
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if not (isinstance(it, dict) and it.get("ty") == "sr" and it.get("sy") == 1 and isinstance(it.get("pt"), dict)):
                continue
            pt = it["pt"]
            if pt.get("a") == 1 and isinstance(pt.get("k"), list):
                for kf in pt["k"]:
                    if isinstance(kf, dict):
                        for key in ("s", "e"):
                            if isinstance(kf.get(key), list) and kf[key] and isinstance(kf[key][0], (int, float)):
                                kf[key] = [math.floor(kf[key][0])]
                        kf["h"] = 1
                changed = True
            elif isinstance(pt.get("k"), (int, float)) and pt["k"] != math.floor(pt["k"]):
                pt["k"] = math.floor(pt["k"])
                changed = True
    return changed


def _static_xy(prop, default=(0.0, 0.0)):
    k = prop.get("k") if isinstance(prop, dict) else None
    if isinstance(k, list) and len(k) >= 2 and all(isinstance(x, (int, float)) for x in k[:2]):
        return float(k[0]), float(k[1])
    return default


def _shape_box(items, offset=(0.0, 0.0)):
    """A rough box (min x, min y, max x, max y) of a shape list in layer coordinates: paths'
    vertices in every keyframe, rectangles, ellipses and stars by position and size, groups moved
    by their static position minus anchor (scale and rotation ignored)."""
    xs, ys = [], []
    for it in items or []:
        if not isinstance(it, dict):
            continue
        ty = it.get("ty")
        if ty == "gr":
            tr = next((t for t in it.get("it") or [] if isinstance(t, dict) and t.get("ty") == "tr"), {})
            px, py = _static_xy(tr.get("p"))
            ax, ay = _static_xy(tr.get("a"))
            box = _shape_box(it.get("it"), (offset[0] + px - ax, offset[1] + py - ay))
            if box:
                xs += [box[0], box[2]]
                ys += [box[1], box[3]]
        elif ty == "sh":
            k = (it.get("ks") or {}).get("k")
            paths = [kf.get("s", [None])[0] if isinstance(kf.get("s"), list) else kf.get("s") for kf in k if isinstance(kf, dict)] \
                if isinstance(k, list) else [k]
            for path in paths:
                for v in (path or {}).get("v") or [] if isinstance(path, dict) else []:
                    if isinstance(v, list) and len(v) >= 2:
                        xs.append(offset[0] + v[0])
                        ys.append(offset[1] + v[1])
        elif ty in ("rc", "el", "sr"):
            px, py = _static_xy(it.get("p"))
            if ty == "sr":
                r = (it.get("or") or {}).get("k", 0)
                sx = sy = 2 * r if isinstance(r, (int, float)) else 0
            else:
                sx, sy = _static_xy(it.get("s"))
            xs += [offset[0] + px - sx / 2, offset[0] + px + sx / 2]
            ys += [offset[1] + py - sy / 2, offset[1] + py + sy / 2]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _reversed_path(path):
    path["v"], path["i"], path["o"] = path["v"][::-1], path["o"][::-1], path["i"][::-1]


def _inverted_masks_in_frame(doc):
    """What lottie-web needs to draw an inverted mask as After Effects does (MaskFrame in
    lottiekit): a shape layer's content, masks and anchor moved alike (the same picture) so that
    the animation's frame, (0, 0)-(w, h) in the layer's coordinates, covers the content; and
    clockwise inverted paths reversed."""
    changed = False
    for l in _layers(doc):
        masks = [m for m in l.get("masksProperties") or [] if isinstance(m, dict) and m.get("inv") and m.get("mode", "a") != "n"]
        if not masks:
            continue
        for m in masks:
            k = (m.get("pt") or {}).get("k")
            paths = [kf["s"][0] for kf in k if isinstance(kf, dict) and isinstance(kf.get("s"), list) and kf["s"]] if isinstance(k, list) else [k]
            for path in paths:
                v = (path or {}).get("v") if isinstance(path, dict) else None
                if v and len(v) >= 3 and sum(v[i][0] * v[(i + 1) % len(v)][1] - v[(i + 1) % len(v)][0] * v[i][1] for i in range(len(v))) > 0:
                    _reversed_path(path)
                    changed = True
        box = _shape_box(l.get("shapes")) if l.get("ty") == 4 else None
        if not box:
            continue
        dx, dy = max(0.0, -box[0]), max(0.0, -box[1])
        if dx == 0 and dy == 0:
            continue
        l["shapes"] = [{"ty": "gr", "it": (l.get("shapes") or []) + [{"ty": "tr", "p": {"a": 0, "k": [dx, dy]}, "a": {"a": 0, "k": [0, 0]},
                        "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]
        ks = l.setdefault("ks", {})
        a = ks.get("a")
        if isinstance(a, dict) and a.get("a", 0) == 0 and isinstance(a.get("k"), list):
            a["k"] = [a["k"][0] + dx, a["k"][1] + dy] + a["k"][2:]
        elif a is None:
            ks["a"] = {"a": 0, "k": [dx, dy]}
        else:
            continue  # an animated anchor: not moved
        for m in l.get("masksProperties") or []:
            k = (m.get("pt") or {}).get("k") if isinstance(m, dict) else None
            paths = [kf["s"][0] for kf in k if isinstance(kf, dict) and isinstance(kf.get("s"), list) and kf["s"]] if isinstance(k, list) else [k]
            for path in paths:
                if isinstance(path, dict):
                    path["v"] = [[v[0] + dx, v[1] + dy] + v[2:] for v in path.get("v") or []]
        changed = True
    return changed


def _drop_layer_key(key, value=None):
    def f(doc):
        changed = False
        for layer in _layers(doc):
            if key in layer and layer[key] != value:
                if value is None:
                    del layer[key]
                else:
                    layer[key] = value
                changed = True
        return changed
    return f


def _whole_frame_ends(doc):
    """Each layer's in and out points moved where rlottie's rounding and lottie-web's half-open range
    show the same whole frames: rlottie (0.2 since Samsung/rlottie 12facb8, as rlottie-python
    bundles it) shows a layer from lround(ip) to lround(op), its out point included, where lottie-web
    shows it while ip <= frame < op. An out point at a whole frame, or past its half, moves 0.6 back,
    an in point before its half moves up to the next frame: lottie-web's whole frames stay the same."""
    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
    changed = False
    for layer in _layers(doc):
        op, ip = layer.get("op"), layer.get("ip")
        if number(op) and (op == math.floor(op) or op - math.floor(op) >= 0.5):
            layer["op"] = math.ceil(op) - 0.6
            changed = True
        if number(ip) and 0 < ip - math.floor(ip) < 0.5:
            layer["ip"] = math.ceil(ip)
            changed = True
    return changed


def _no_expressions(doc):
    changed = False
    for o in _objects(doc):
        if isinstance(o.get("x"), str) and "k" in o:
            del o["x"]
            changed = True
    return changed


def _static(prop, value):
    if isinstance(prop, dict) and (prop.get("a") == 1 or prop.get("k") != value):
        prop.clear()
        prop.update({"a": 0, "k": value})
        return True
    return False


def _layer_opacity(doc):
    return any([_static((l.get("ks") or {}).get("o"), 100) for l in _layers(doc)])


def _shape_opacity(doc):
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("ty") in ("fl", "st", "gf", "gs"):
                changed |= _static(it.get("o"), 100)
            if isinstance(it, dict) and it.get("ty") == "tr":
                changed |= _static(it.get("o"), 100)
    return changed


def _gradient_alpha(doc):
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("ty") in ("gf", "gs") and isinstance(it.get("g"), dict):
                g = it["g"]
                n, k = g.get("p"), (g.get("k") or {}).get("k")
                if isinstance(n, int) and isinstance(k, list) and k and not isinstance(k[0], dict) and len(k) > 4 * n:
                    g["k"]["k"] = k[:4 * n]
                    changed = True
    return changed


def _skew(doc):
    changed = False
    for o in _objects(doc):
        if "sk" in o and isinstance(o.get("sk"), dict) and ("p" in o or "a" in o or "ty" in o):
            changed |= _static(o["sk"], 0)
    return changed


def _fill_rule(doc):
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("ty") in ("fl", "gf") and it.get("r", 1) != 1:
                it["r"] = 1
                changed = True
    return changed


def _dashes(doc):
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("ty") in ("st", "gs") and it.get("d"):
                del it["d"]
                changed = True
    return changed


def _mattes(doc):
    changed = False
    for layers in [doc.get("layers")] + [a.get("layers") for a in doc.get("assets") or [] if isinstance(a, dict)]:
        if not isinstance(layers, list):
            continue
        keep = [l for l in layers if not (isinstance(l, dict) and l.get("td"))]
        for l in keep:
            if isinstance(l, dict) and (l.pop("tt", None) is not None) | (l.pop("tp", None) is not None):
                changed = True
        if len(keep) != len(layers):
            layers[:] = keep
            changed = True
    return changed


def _remove_layers(types):
    def f(doc):
        changed = False
        for layers in [doc.get("layers")] + [a.get("layers") for a in doc.get("assets") or [] if isinstance(a, dict)]:
            if isinstance(layers, list):
                keep = [l for l in layers if not (isinstance(l, dict) and l.get("ty") in types)]
                if len(keep) != len(layers):
                    layers[:] = keep
                    changed = True
        return changed
    return f


def _hidden(doc):
    changed = False
    for layers in [doc.get("layers")] + [a.get("layers") for a in doc.get("assets") or [] if isinstance(a, dict)]:
        if isinstance(layers, list):
            keep = [l for l in layers if not (isinstance(l, dict) and l.get("hd") is True)]
            if len(keep) != len(layers):
                layers[:] = keep
                changed = True
    for items in _shape_lists(doc):
        keep = [it for it in items if not (isinstance(it, dict) and it.get("hd") is True)]
        if len(keep) != len(items):
            items[:] = keep
            changed = True
    return changed


def _easing_per_dimension(doc):
    """Every dimension of a keyframe eased on the first dimension's curve (as rlottie and ThorVG read it)."""
    changed = False
    for o in _objects(doc):
        if "t" in o and isinstance(o.get("i"), dict) and isinstance(o.get("o"), dict):
            for handle in (o["i"], o["o"]):
                for axis in ("x", "y"):
                    v = handle.get(axis)
                    if isinstance(v, list) and len(v) > 1 and any(x != v[0] for x in v):
                        handle[axis] = [v[0]] * len(v)
                        changed = True
    return changed


def _masks(doc):
    changed = False
    for l in _layers(doc):
        if l.get("masksProperties"):
            del l["masksProperties"]
            l["hasMask"] = False
            changed = True
    return changed


def _blend(doc):
    changed = _drop_layer_key("bm", 0)(doc)
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("bm", 0) != 0:
                it["bm"] = 0
                changed = True
    return changed


def _direction(p, candidates):
    for c in candidates:
        if abs(c[0] - p[0]) > 1e-3 or abs(c[1] - p[1]) > 1e-3:
            return (c[0] - p[0], c[1] - p[1])
    return None


def _path_start(item):
    """A static path's first point, whether it is closed, and the directions it leaves and arrives
    back at that point (lottiekit's StrokeRestart.pathStart); None for anything else."""
    ks = item.get("ks") if isinstance(item, dict) and item.get("ty") == "sh" and not item.get("hd") else None
    k = ks.get("k") if isinstance(ks, dict) and ks.get("a", 0) == 0 and item.get("d") != 3 else None
    try:
        v = [(float(p[0]), float(p[1])) for p in k["v"]]
        i = [(float(p[0]), float(p[1])) for p in k.get("i") or [[0, 0]] * len(v)]
        o = [(float(p[0]), float(p[1])) for p in k.get("o") or [[0, 0]] * len(v)]
        p0, closed = v[0], bool(k.get("c"))
        add = lambda a, b: (a[0] + b[0], a[1] + b[1])
        leaving = _direction(p0, [add(p0, o[0]), add(v[1], i[1]), v[1]]) if len(v) > 1 else None
        back = _direction(p0, [add(p0, i[0]), add(v[-1], o[-1]), v[-1]]) if closed and len(v) > 1 else None
        return (p0, closed, leaving, (-back[0], -back[1]) if back else None)
    except (TypeError, KeyError, IndexError, ValueError, AttributeError):
        return None


def _trips(a, b):
    """A closed path, then one from its first point heading the way it leaves or arrives there
    (within 0.75 degrees: rlottie dropped the stroke at 0.5, drew it at 1)."""
    if a is None or b is None or not a[1] or b[2] is None:
        return False
    if abs(a[0][0] - b[0][0]) > 1e-3 or abs(a[0][1] - b[0][1]) > 1e-3:
        return False
    h = b[2]
    for d in (a[2], a[3]):
        if d is None:
            continue
        norms = math.hypot(*d) * math.hypot(*h)
        if norms > 0 and d[0] * h[0] + d[1] * h[1] >= math.cos(math.radians(0.75)) * norms:
            return True
    return False


def _restart_summary(items, on_stroke, depth=0):
    """Walks a shape list in the order a stroke paints its paths (lottiekit's StrokeRestart):
    calls on_stroke(list, stroke) for each stroke after a tripping pair; returns (first path,
    starts with a path, last path, trips)."""
    first, starts, previous, trips, opened = None, False, None, False, True
    for it in list(items):
        ty = it.get("ty") if isinstance(it, dict) else None
        if ty == "sh":
            start = _path_start(it)
            if opened:
                first, starts = start, start is not None
            trips |= _trips(previous, start)
            previous = start
        elif ty == "gr" and depth < 64 and isinstance(it.get("it"), list) and not it.get("hd"):
            f, st, last, t = _restart_summary(it["it"], on_stroke, depth + 1)
            if opened:
                first, starts = f, st
            if st:
                trips |= _trips(previous, f)
            trips |= t
            previous = last
        elif ty in ("st", "gs"):
            if trips:
                on_stroke(items, it)
            continue
        elif ty in ("rc", "el", "sr", "gr"):
            if opened:
                first = None
            previous = None
        else:
            continue
        opened = False
    return first, starts, previous, trips


def _tripped_strokes_vanish(doc):
    """rlottie strokes nothing of a group where a closed path is followed by one that curves out of
    its first point (the path-from-closed-start entry): the copy without those strokes."""
    dropped = []
    for layer in _layers(doc):
        if isinstance(layer.get("shapes"), list):
            _restart_summary(layer["shapes"], lambda items, st: dropped.append((items, st)))
    for items, st in dropped:
        items[:] = [it for it in items if it is not st]
    return bool(dropped)


def _restart_closed_paths(doc):
    """Neutraliser: each closed static path written from its next vertex (the same outline)."""
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            k = it.get("ks", {}).get("k") if isinstance(it, dict) and it.get("ty") == "sh" else None
            if isinstance(k, dict) and k.get("c") and isinstance(k.get("v"), list) and len(k["v"]) > 1 \
                    and all(isinstance(k.get(key), list) and len(k[key]) == len(k["v"]) for key in ("i", "o")):
                for key in ("v", "i", "o"):
                    k[key] = k[key][1:] + k[key][:1]
                changed = True
    return changed


# Least destructive first: the first neutraliser that makes the player agree is named the cause.
NEUTRALISERS = [
    ("layer out points (rlottie draws the out point's frame)", _whole_frame_ends),
    ("expressions", _no_expressions),
    ("blend modes", _blend),
    ("hidden items (hd)", _hidden),
    ("easing per dimension", _easing_per_dimension),
    ("3D layers (ddd)", _drop_layer_key("ddd", 0)),
    ("auto-orient (ao)", _drop_layer_key("ao", 0)),
    ("time stretch (sr)", _drop_layer_key("sr", 1)),
    ("skew", _skew),
    ("gradient opacity stops", _gradient_alpha),
    ("layer opacity", _layer_opacity),
    ("fill/stroke opacity", _shape_opacity),
    ("fill rule", _fill_rule),
    ("closed paths restarted at their next vertex", _restart_closed_paths),
    ("stroke dashes", _dashes),
    ("effects (ef)", _drop_layer_key("ef")),
    ("layer styles (sy)", _drop_layer_key("sy")),
    ("time remap (tm)", _drop_layer_key("tm")),
    ("inverted masks in lottie-web's frame", _inverted_masks_in_frame),
    ("masks", _masks),
    ("mattes", _mattes),
    ("merge paths", _remove_shapes({"mm"})),
    ("trim paths", _remove_shapes({"tm"})),
    ("rounded corners", _remove_shapes({"rd"})),
    ("offset path", _remove_shapes({"op"})),
    ("zig zag / pucker-bloat / twist", _remove_shapes({"zz", "pb", "tw"})),
    ("repeaters", _remove_shapes({"rp"})),
    ("text layers", _remove_layers({5})),
    ("image layers", _remove_layers({2})),
    ("solid layers", _remove_layers({1})),
    ("star point counts", _whole_star_points),
    ("polystars", _remove_shapes({"sr"})),
    ("gradients", _remove_shapes({"gf", "gs"})),
    ("strokes", _remove_shapes({"st"})),
]


def has_external_images(doc):
    return any(isinstance(a, dict) and a.get("p") and not str(a.get("p")).startswith("data:") and "layers" not in a
               for a in doc.get("assets") or [])


def missing_images(path):
    """External image assets whose files are not beside the animation."""
    try:
        doc = json.load(open(path, "rb"))
    except Exception:
        return []
    folder = os.path.dirname(os.path.abspath(path))
    out = []
    for asset in doc.get("assets") or []:
        if not isinstance(asset, dict) or "layers" in asset or not isinstance(asset.get("p"), str):
            continue
        p = asset["p"]
        if p.startswith("data:"):
            continue
        if not os.path.exists(os.path.join(folder, str(asset.get("u") or ""), p)):
            out.append(p)
    return out


# A native player gets 15 s for one frame of a copy (ablation, the After Effects comparison), not two
# minutes: a player that hangs on the file (a runaway repeater) hangs on nearly every copy, and a
# copy that takes that long fails in a player as a hang does. lottie-web keeps its two minutes.
ONE_FRAME_TIMEOUT = 15


def render_one(path, frame, size, cache, player):
    """One frame by one player (or "web"), cached by content: a tile, or a failure string."""
    key = hashlib.sha256(open(path, "rb").read()).hexdigest()[:20]
    folder = os.path.join(cache, "one", key)
    os.makedirs(folder, exist_ok=True)
    out = os.path.join(folder, f"{WEB if player == 'web' else player}-{frame}.png")
    status = out + ".status"
    if not os.path.exists(status):
        if player == "web":
            code, _ = run([sys.executable, WEB_TRANSPARENT, path, out, "--frames", str(frame), "--size", str(size)])
        else:
            code, _ = run(player_command(path, frame, out, size, player), timeout=ONE_FRAME_TIMEOUT)
        open(status, "w").write(str(code))
    code = open(status).read().strip()
    if code != "0" or not os.path.exists(out):
        return "fails"
    return tile(Image.open(out), size, premultiplied=player != "web")


def verdict(web, other):
    if isinstance(other, str):
        return True, 1.0
    if blank(other) and not blank(web):
        return True, 1.0
    d = differing_share(web, other)
    return d > THRESHOLD, d


# Neutralisers added after runs that did not yet record which ones they tried ("tried").
ADDED_LATER = {"star point counts", "inverted masks in lottie-web's frame", "layer out points (rlottie draws the out point's frame)"}


def cause_of(a, row, player, path, dense=False):
    """(cause, why) of a disagreement, recorded with the neutralisers tried. A cause the last run found
    for this file and player at the same frame is kept; where it found none, only the neutralisers it
    did not try are tried now."""
    entry = row[player]["dense"] if dense else row[player]
    names = [n for n, _ in NEUTRALISERS]
    entry["tried"] = names
    before = (getattr(a, "previous", {}).get(row["file"]) or {}).get(player)
    if isinstance(before, dict) and dense:
        before = before.get("dense")
    if isinstance(before, dict) and before.get("disagrees") and before.get("frame") == entry.get("frame") and "why" in before:
        if before.get("cause"):
            # A neutraliser added since, tried before the cause that run found, may explain it first.
            newer = [n for n in names[:names.index(before["cause"])] if n in ADDED_LATER] if before["cause"] in names else []
            if not newer:
                return before["cause"], before.get("why")
            cause, why = ablate(path, entry["frame"], player, a.size, a.cache, skip=[n for n in names if n not in newer + [before["cause"]]])
            return cause, why
        tried = set(before.get("tried") or [n for n in names if n not in ADDED_LATER])
        cause, why = ablate(path, entry["frame"], player, a.size, a.cache, skip=tried)
        return cause, why if cause else before.get("why")
    return ablate(path, entry["frame"], player, a.size, a.cache)


def ablate(path, frame, player, size, cache, skip=()):
    """The first neutraliser after which the player agrees with lottie-web at that frame, or None."""
    try:
        doc = json.load(open(path, "rb"))
    except Exception:
        return None, "unreadable"
    if has_external_images(doc):
        return None, "not ablated (external images)"
    folder = os.path.join(cache, "ablation")
    os.makedirs(folder, exist_ok=True)
    for name, neutralise in NEUTRALISERS:
        if name in skip:
            continue
        copy = json.loads(json.dumps(doc))
        try:
            if not neutralise(copy):
                continue
        except Exception:
            continue
        data = json.dumps(copy).encode()
        tmp = os.path.join(folder, hashlib.sha256(data).hexdigest()[:20] + ".json")
        if not os.path.exists(tmp):
            open(tmp, "wb").write(data)
        web = render_one(tmp, frame, size, cache, "web")
        if isinstance(web, str) or blank(web):
            continue  # the reference draws nothing without it: removed too much to tell
        disagree, _ = verdict(web, render_one(tmp, frame, size, cache, player))
        if not disagree:
            return name, None
    return None, "no single neutraliser explains it"


# ---- After Effects reference renders of the conformance files (frame 0).

def ae_compare(path, size, cache):
    """{player or "web": share of pixels differing from the After Effects render at frame 0}, and the
    players whose difference is anti-aliasing only (`edge_share`)."""
    ref_png = path[:-5] + "-00.png"
    if not os.path.exists(ref_png):
        return None
    ref_img = Image.open(ref_png).convert("RGBA")
    side = max(ref_img.size)
    ref = tile(ref_img, side)
    result, noise = {}, []
    for player in ("web",) + PLAYERS:
        t = render_one(path, 0, size if player == "web" else side, cache, player)
        if isinstance(t, str):
            result[player] = 1.0
            continue
        if t.shape[0] != side:
            t = rescaled(t, side)
        result[player] = differing_share(ref, t)
        # Only the edge test here: the After Effects renders are small (80 px), where two pixels
        # of tolerance would hide a polygon turned the wrong way (rlottie, polygon-round: 6 %).
        if result[player] > THRESHOLD and edge_share(ref, t) <= THRESHOLD:
            noise.append(player)
    return result, noise


def edge_share(a, b):
    """Like differing_share, but a pixel also matches when it is a blend of two colours within one
    pixel of it in the other picture (within TOLERANCE of the segment between them): an edge pixel
    that one player covers more or less than the other, as pixelmatch's anti-aliasing test judges
    it. A half-covered edge (After Effects draws a rectangle on a half pixel as a pale row, ThorVG
    snaps it) or a stroke's outer rim over its own fill is anti-aliasing, not a lost feature."""
    def unmatched(x, y):
        near = [np.pad(y, ((1, 1), (1, 1), (0, 0)), mode="edge")[dy:dy + x.shape[0], dx:dx + x.shape[1]]
                for dy in range(3) for dx in range(3)]
        ok = np.zeros(x.shape[:2], dtype=bool)
        for n in near:
            ok |= np.abs(x - n).max(axis=2) <= TOLERANCE
        where = np.argwhere(~ok)
        if len(where):
            px = x[where[:, 0], where[:, 1]].astype(np.float32)
            cs = [n[where[:, 0], where[:, 1]].astype(np.float32) for n in near]
            blend = np.zeros(len(where), dtype=bool)
            for i in range(len(cs)):
                for j in range(i + 1, len(cs)):
                    d = cs[j] - cs[i]
                    dd = (d * d).sum(axis=1)
                    t = np.clip(((px - cs[i]) * d).sum(axis=1) / np.maximum(dd, 1e-9), 0, 1)
                    blend |= np.abs(px - (cs[i] + t[:, None] * d)).max(axis=1) <= TOLERANCE
            ok[where[blend, 0], where[blend, 1]] = True
        return ~ok
    return float((unmatched(a, b) | unmatched(b, a)).mean())


def noise_only(web, tiles):
    """A difference that vanishes with a two-pixel tolerance (a sub-pixel shift) or when edge
    pixels may be blends of their neighbours (`edge_share`) is anti-aliasing."""
    return all(differing_share(w, t, radius=2) <= THRESHOLD or edge_share(w, t) <= THRESHOLD
               for w, t in zip(web, tiles))


def animation_path(path, cache):
    """The JSON file to draw for `path`: itself, or for a Telegram sticker (.tgs, gzipped JSON) its
    JSON, unpacked into the cache; None when it does not unpack."""
    if not path.lower().endswith(".tgs"):
        return path
    try:
        data = gzip.open(path, "rb").read()
    except (OSError, EOFError):
        return None
    out = os.path.join(cache, "tgs", hashlib.sha256(data).hexdigest()[:20] + ".json")
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        open(out, "wb").write(data)
    return out


# ---- Stored rows (--rows): the verdicts of every file measured so far, kept across runs.

ROWS = os.path.join(HERE, "..", "docs", "compat-lab-rows.jsonl")
ROWS_FORMAT = 1  # raise when the comparison or the ablation changes what a stored verdict means


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()[:16] if path and os.path.isfile(path) else None


def rows_method(a):
    """What every stored verdict depends on besides the file: the comparison, lottie-web, rlottie
    and ThorVG (Telegram's forks, measured only where built, are named in each row: `forks`)."""
    def version(package):
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return None
    web = os.environ.get("LOTTIE_WEB_JS") or os.path.join(os.path.dirname(os.path.dirname(sys.executable)), "share", "lottie-web", "lottie.js")
    return {"format": ROWS_FORMAT, "frames": list(FRACTIONS), "size": a.size, "tolerance": TOLERANCE, "threshold": THRESHOLD,
            "ablation": not a.no_ablation, "lottie-web": digest(web),
            "rlottie-python": version("rlottie-python"), "thorvg-python": version("thorvg-python")}


def forks_measured():
    """The fork libraries this run measures, by content."""
    return {p: digest(os.environ.get(FORKS[p])) for p in PLAYERS if p in FORKS}


def reusable(entry, key):
    """Whether a stored entry holds this file's verdicts for every player of this run."""
    if entry["key"] != key:
        return False
    if "row" not in entry:
        return True
    return all(p in entry["row"] for p in PLAYERS) and all(entry.get("forks", {}).get(p) == d for p, d in forks_measured().items())


def file_key(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()[:16]


def load_rows(a):
    """{file: entry} of the stored rows measured the way this run measures; {} when none are."""
    if not os.path.exists(a.rows):
        return {}
    with open(a.rows) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if not lines or lines[0].get("method") != rows_method(a):
        print(f"compat-lab: {a.rows} was measured another way (players, versions or comparison): not reused", file=sys.stderr)
        return {}
    return {entry["file"]: entry for entry in lines[1:]}


def save_rows(a, stored):
    tmp = a.rows + ".tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps({"method": rows_method(a)}, sort_keys=True) + "\n")
        for name in sorted(stored):
            f.write(json.dumps(stored[name], sort_keys=True, default=str) + "\n")
    os.replace(tmp, a.rows)


def stored_row(entry):
    """The stored row without lottiekit's claims (asked anew each run)."""
    row = copy.deepcopy(entry)
    row.pop("claims", None)
    return row


def rejudge(row):
    """A saved verdict judged again with lottiekit's claims asked anew: whether lottie-web draws a
    disagreement's cause depends on what lottiekit finds used (reference_misses)."""
    for player in PLAYERS:
        if isinstance(row.get(player), dict) and row[player].get("cause"):
            if row[player].pop("reference_misses", None):
                row[player]["disagrees"] = True  # a left-out disagreement was one
            reference_misses(row, player)


def sample(a):
    """(path, is a conformance file) for the conformance files and every a.every-th corpus file
    (animations: .json, and Telegram's stickers, .tgs)."""
    files = []
    for root in (a.conformance, a.corpus):
        kinds = (".json",) if root == a.conformance else (".json", ".tgs")
        found = sorted(os.path.join(d, n) for d, _, ns in os.walk(root) for n in ns
                       if n.lower().endswith(kinds) and not n.endswith("-meta.json"))
        files += [(f, root == a.conformance) for f in (found if root == a.conformance else found[::a.every])]
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lottiekit")
    ap.add_argument("--corpus", default=os.path.join(ORACLES, "..", "corpus"))
    ap.add_argument("--conformance", default=os.path.join(ORACLES, "..", "conformance", "lottie-test-files"))
    ap.add_argument("--every", type=int, default=1, help="take every Nth corpus file (1: all)")
    ap.add_argument("--size", type=int, default=200, help="tile size (headless Chromium draws nothing below about 150 px)")
    ap.add_argument("--cache", default=os.path.join(HERE, "..", ".build", "compat-lab"))
    ap.add_argument("--out", default=os.path.join(HERE, "..", "docs", "compat-evidence.md"))
    ap.add_argument("--rows", default=ROWS, help="the stored verdicts (kept in the repository; see above)")
    ap.add_argument("--no-ablation", action="store_true")
    ap.add_argument("--fresh-causes", action="store_true",
                    help="ablate every disagreement again; by default a cause the last run found (rows.json in --cache) "
                         "for a file and player that still disagree at the same frame is kept")
    ap.add_argument("--claims-only", action="store_true",
                    help="reuse the last run's renders and verdicts (rows.json in --cache) and only ask lottiekit "
                         "again: the report for a change to the claims in seconds, not an hour")
    ap.add_argument("--no-reference-effect", action="store_true",
                    help="skip measuring what unconfirmed claims change in lottie-web's own picture (the emulated "
                         "copies at %d frames and at every frame: most of a full run's time after the renders)" % DENSE)
    ap.add_argument("--confirm", action="store_true",
                    help="with --claims-only: also look for unconfirmed claims at %d frames (renders what the cache lacks)" % DENSE)
    a = ap.parse_args()
    if a.claims_only:
        cached = os.path.join(a.cache, "rows.json")
        if os.path.exists(cached):
            saved = json.load(open(cached))
        else:
            # A new machine: the verdicts stored in the repository, when they cover the sample.
            stored, files = load_rows(a), sample(a)
            names = [os.path.relpath(f, os.path.join(ORACLES, "..")) for f, _ in files]
            missing = [n for (f, _), n in zip(files, names) if n not in stored or not reusable(stored[n], file_key(f))]
            if missing:
                sys.exit(f"compat-lab: no renders in {a.cache}, and the stored rows ({a.rows}) cover {len(names) - len(missing)} "
                         f"of {len(names)} files: run `make compat-lab` (it goes on from the stored rows)")
            saved = {"rows": [copy.deepcopy(stored[n]["row"]) for n in names if "row" in stored[n]],
                     "skipped_missing": [n for n in names if stored[n].get("skip") == "missing images"]}
        rows = saved["rows"] if isinstance(saved, dict) else saved
        global PLAYERS
        PLAYERS = tuple(p for p in PLAYERS if rows and p in rows[0])  # the players the saved run measured
        a.skipped_missing = saved["skipped_missing"] if isinstance(saved, dict) else [
            os.path.relpath(f, os.path.join(ORACLES, "..")) for f, _ in sample(a)
            if (drawn := animation_path(f, a.cache)) and animation_frames(drawn) is not None and missing_images(drawn)]
        for row in rows:
            row["claims"] = claims(a.lottiekit, os.path.join(ORACLES, "..", row["file"]))
            rejudge(row)
        if a.confirm:
            confirm(rows, a)
            if not a.no_reference_effect:
                reference_effect(rows, a)
                a.emulation_checks = check_emulations(a)
        os.makedirs(a.cache, exist_ok=True)
        json.dump(rows, open(os.path.join(a.cache, "rows-claims-only.json"), "w"), indent=1, default=str)
        write_report(rows, a)
        return

    files = sample(a)
    a.previous = {}
    saved = os.path.join(a.cache, "rows.json")
    if os.path.exists(saved) and not a.fresh_causes:
        old = json.load(open(saved))
        a.previous = {r["file"]: r for r in (old["rows"] if isinstance(old, dict) else old)}
    rows = []
    skipped_missing = []
    stored = load_rows(a)
    fresh = 0

    def keep(name, key, **entry):
        nonlocal fresh
        stored[name] = dict(file=name, key=key, **entry)
        fresh += 1
        if fresh % 10 == 0:
            save_rows(a, stored)
    for n, (source, conformance) in enumerate(files):
        name, key = os.path.relpath(source, os.path.join(ORACLES, "..")), file_key(source)
        if name in stored and reusable(stored[name], key):
            entry = stored[name]
            if "row" in entry:
                row = copy.deepcopy(entry["row"])
                row["claims"] = claims(a.lottiekit, source)
                rejudge(row)
                rows.append(row)
            elif entry.get("skip") == "missing images":
                skipped_missing.append(name)
            continue
        # A sticker's JSON is drawn; lottiekit is asked about the .tgs itself.
        path = animation_path(source, a.cache)
        frames = animation_frames(path) if path else None
        if frames is None:
            keep(name, key, skip="not an animation")
            continue
        if missing_images(path):
            skipped_missing.append(name)
            keep(name, key, skip="missing images")
            continue  # the file's own images are absent: no player can be judged on it
        renders = render_all(path, frames, a.size, a.cache)
        web = renders["web"]
        if isinstance(web, str) or all(blank(t) for t in web):
            keep(name, key, skip="lottie-web draws nothing")
            continue  # lottie-web draws nothing: no reference
        row = {"file": os.path.relpath(source, os.path.join(ORACLES, "..")), "claims": claims(a.lottiekit, source)}
        row["ae"], row["ae_noise"] = ae_compare(path, a.size, a.cache) if conformance else (None, [])
        for player in PLAYERS:
            r = renders[player]
            if isinstance(r, str):
                row[player] = {"disagrees": True, "what": r, "share": 1.0, "load": True, "frame": frames[1]}
            elif renders[player + " blank"]:
                row[player] = {"disagrees": True, "what": f"{player} draws nothing", "share": 1.0, "load": False, "frame": frames[1]}
            else:
                shares = [differing_share(w, t) for w, t in zip(web, r)]
                worst = max(shares)
                entry = {"disagrees": worst > THRESHOLD, "what": f"{100 * worst:.1f}% of the picture differs",
                         "share": worst, "load": False, "frame": frames[shares.index(worst)]}
                if entry["disagrees"] and noise_only(web, r):
                    entry.update(disagrees=False, noise=True)
                row[player] = entry
            if row["ae"] is not None:
                # Where After Effects rendered the file, it is the reference.
                share = row["ae"][player]
                row[player].update(disagrees=share > THRESHOLD, share=share, what=f"{100 * share:.1f}% differs from the After Effects render",
                                   frame=0, against="ae")
                row[player].pop("noise", None)
                if row[player]["disagrees"] and player in row["ae_noise"]:
                    row[player].update(disagrees=False, noise=True)
            if row[player]["disagrees"] and not a.no_ablation and "frame" in row[player] and row["ae"] is None:
                cause, why = cause_of(a, row, player, path)
                row[player]["cause"], row[player]["why"] = cause, why
                reference_misses(row, player)
        r1, r2 = renders["rlottie"], renders["thorvg"]
        if not isinstance(r1, str) and not isinstance(r2, str):
            # The two native players against each other: when they agree and both differ from
            # lottie-web, lottie-web may be the odd one out.
            row["natives_agree"] = max(differing_share(x, y) for x, y in zip(r1, r2)) <= THRESHOLD
        rows.append(row)
        keep(name, key, row=stored_row(row), forks=forks_measured())
        if n % 25 == 0:
            print(f"compat-lab: {n + 1}/{len(files)} files", file=sys.stderr)
    save_rows(a, stored)
    a.skipped_missing = skipped_missing
    confirm(rows, a)
    for row in rows:  # with the 16 frames' findings
        stored[row["file"]]["row"] = stored_row(row)
    save_rows(a, stored)
    if not a.no_reference_effect:
        reference_effect(rows, a)
        a.emulation_checks = check_emulations(a)
    json.dump({"rows": rows, "skipped_missing": skipped_missing}, open(os.path.join(a.cache, "rows.json"), "w"),
              indent=1, default=str)
    write_report(rows, a)


# ---- Dense confirmation: a claim the four frames did not confirm, looked for at more frames.

DENSE = 16


def dense_frames(path):
    """DENSE frames spread over op - ip, between the four standard ones."""
    doc = json.load(open(path, "rb"))
    ip, op = float(doc["ip"]), float(doc["op"])
    return sorted({int(ip + (op - ip) * (k + 0.5) / DENSE) - int(ip) for k in range(DENSE)})


def confirm(rows, a):
    """For every file with a claim on a player (on a feature lottie-web draws) that the four frames
    did not confirm: render DENSE frames with lottie-web and that player and keep the worst frame,
    and at that frame the ablation's cause. The headline figures stay the four frames'; this says
    which unconfirmed claims are the sample's miss and which the player never shows."""
    for n, row in enumerate(rows):
        if row["ae"] is not None:
            continue
        path = animation_path(os.path.join(ORACLES, "..", row["file"]), a.cache)
        todo = [p for p in PLAYERS if not row[p]["disagrees"] and any(w for _, w in row["claims"][p])]
        for p in PLAYERS:
            row[p].pop("dense", None)
        if not todo:
            continue
        frames = dense_frames(path)
        renders = render_all(path, frames, a.size, a.cache, players=todo, tag=f"-dense{DENSE}")
        web = renders["web"]
        if isinstance(web, str):
            continue
        for p in todo:
            r = renders[p]
            if isinstance(r, str) or renders[p + " blank"]:
                row[p]["dense"] = {"disagrees": True, "share": 1.0, "frame": None, "what": r if isinstance(r, str) else "draws nothing"}
                continue
            shares = [differing_share(w, t) for w, t in zip(web, r)]
            worst = max(shares)
            k = shares.index(worst)
            entry = {"disagrees": worst > THRESHOLD, "share": worst, "frame": frames[k]}
            if entry["disagrees"] and noise_only([web[k]], [r[k]]):
                entry.update(disagrees=False, noise=True)
            row[p]["dense"] = entry
            if entry["disagrees"] and not a.no_ablation:
                entry["cause"], entry["why"] = cause_of(a, row, p, path, dense=True)
        if n % 25 == 0:
            print(f"compat-lab: dense pass {n + 1}/{len(rows)}", file=sys.stderr)


# ---- What an unconfirmed claim changes in the reference's own picture. For a feature the player
# ignores (or misreads in a known way), the copy without it (or with the misreading) is what the player plays: lottie-web drawing the copy against
# lottie-web drawing the file measures the claim's effect with the reference's own renderer. None
# at any of the dense frames means the claim is wrong for this file; under THRESHOLD means it is
# right but smaller than the goal's measure can see.

def _mask_expansion(doc):
    changed = False
    for layer in _layers(doc):
        for mask in layer.get("masksProperties") or []:
            if isinstance(mask, dict) and isinstance(mask.get("x"), dict) and mask["x"].get("k") not in (0, [0]):
                mask["x"] = {"a": 0, "k": 0}
                changed = True
    return changed


def _doubled_star_rotation(doc):
    """rlottie turns a star or polygon by twice its Rotation, and starts a polygon pi/2 degrees
    short of its first corner (the polystar "rotated" and "polygon rotated" entries): lottie-web
    draws what rlottie draws at Rotation 2r, a polygon at 2r - pi/2."""
    changed = False
    def double(v, less):
        return [2 * x - less for x in v] if isinstance(v, list) and all(isinstance(x, (int, float)) for x in v) else \
            2 * v - less if isinstance(v, (int, float)) else v
    for shapes in _shape_lists(doc):
        for item in shapes:
            if isinstance(item, dict) and item.get("ty") == "sr" and item.get("sy") == 2 and "r" not in item:
                item["r"] = {"a": 0, "k": 0}
            if isinstance(item, dict) and item.get("ty") == "sr" and isinstance(item.get("r"), dict):
                less = math.pi / 2 if item.get("sy") == 2 else 0
                k = item["r"].get("k")
                if isinstance(k, list) and k and isinstance(k[0], dict):
                    for kf in k:
                        for key in ("s", "e"):
                            if key in kf:
                                kf[key] = double(kf[key], less)
                else:
                    item["r"]["k"] = double(k, less)
                changed = True
    return changed


def _mask_none_hides(doc):
    """rlottie hides a layer that has a mask set to None (the mask "none" entry)."""
    changed = False
    for layer in _layers(doc):
        if any(isinstance(m, dict) and m.get("mode") == "n" for m in layer.get("masksProperties") or []):
            layer["ks"] = dict(layer.get("ks") or {}, o={"a": 0, "k": 0})
            changed = True
    return changed


def _zero_length_dashes_vanish(doc):
    """rlottie draws nothing for a stroke whose dashes are all 0 long (the zero-length-dashes entry)."""
    changed = False
    for items in _shape_lists(doc):
        keep = []
        for it in items:
            dashes = it.get("d") if isinstance(it, dict) and it.get("ty") in ("st", "gs") else None
            lengths = [d.get("v", {}).get("k") for d in dashes or [] if isinstance(d, dict) and d.get("n") == "d"]
            if lengths and all(v in (0, [0]) for v in lengths):
                changed = True
                continue
            keep.append(it)
        items[:] = keep
    return changed


def _legacy_colors_wrap(doc):
    """rlottie reads colours written 0-255 (Bodymovin before 4.1.9) as 0-1: each channel times 255
    wraps around a byte (200 becomes 56). The copy keeps its legacy version, so lottie-web still
    divides by 255: the wrapped byte is written as the channel."""
    changed = False
    def wrap(v):
        return [int(x * 255) % 256 if isinstance(x, (int, float)) and i < 3 else x for i, x in enumerate(v)] \
            if isinstance(v, list) else v
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and it.get("ty") in ("fl", "st") and isinstance(it.get("c"), dict):
                k = it["c"].get("k")
                if isinstance(k, list) and k and isinstance(k[0], dict):
                    for kf in k:
                        for key in ("s", "e"):
                            if key in kf:
                                kf[key] = wrap(kf[key])
                else:
                    it["c"]["k"] = wrap(k)
                changed = True
    return changed


def _time_remap_rlottie(doc):
    """rlottie ignores a static time remap, and clamps remapped times to the animation's length
    (the time-remap "static" and "past the end" entries)."""
    changed = False
    length = (float(doc.get("op", 0)) - float(doc.get("ip", 0))) / float(doc.get("fr") or 1)
    for layer in _layers(doc):
        tm = layer.get("tm")
        if not isinstance(tm, dict):
            continue
        k = tm.get("k")
        if not (isinstance(k, list) and k and isinstance(k[0], dict)):
            del layer["tm"]
            changed = True
            continue
        for kf in k:
            for key in ("s", "e"):
                v = kf.get(key)
                if isinstance(v, list) and v and isinstance(v[0], (int, float)) and v[0] > length:
                    kf[key] = [length] + v[1:]
                    changed = True
    return changed


def _sharp_corners(doc):
    """rlottie skips Round Corners (the rounded-corners "sharp corners" entry)."""
    return _remove_shapes({"rd"})(doc)


def _direction_before_type(doc):
    """rlottie skips a shape's direction written before its "ty" (the key-before-type "direction" entry)."""
    changed = False
    for items in _shape_lists(doc):
        for it in items:
            if isinstance(it, dict) and "d" in it and "ty" in it and list(it).index("d") < list(it).index("ty") \
                    and it.get("ty") in ("sh", "el", "rc", "sr") and it["d"] != 1:
                it["d"] = 1
                changed = True
    return changed


# Feature: (what the player plays instead, the players whose entry says they do it).
EMULATIONS = {
    "expression": (_no_expressions, RLOTTIE_LIKE + ("thorvg",)),
    "text-layer": (_remove_layers({5}), RLOTTIE_LIKE),
    "easing-per-dimension": (_easing_per_dimension, RLOTTIE_LIKE + ("thorvg",)),
    "skew": (_skew, RLOTTIE_LIKE),
    "blend-mode": (_blend, RLOTTIE_LIKE),
    "mask-expansion": (_mask_expansion, RLOTTIE_LIKE),
    "effect": (_drop_layer_key("ef"), RLOTTIE_LIKE),
    "polystar": (_doubled_star_rotation, RLOTTIE_LIKE),
    "mask": (_mask_none_hides, RLOTTIE_LIKE),
    "zero-length-dashes": (_zero_length_dashes_vanish, RLOTTIE_LIKE),
    "path-from-closed-start": (_tripped_strokes_vanish, RLOTTIE_LIKE),
    "legacy-colors": (_legacy_colors_wrap, RLOTTIE_LIKE),
    "time-remap": (_time_remap_rlottie, RLOTTIE_LIKE),
    "rounded-corners": (_sharp_corners, RLOTTIE_LIKE),
    "key-before-type": (_direction_before_type, RLOTTIE_LIKE),
}


# Each emulation checked on the fixture of its entry: the copy drawn by lottie-web against the
# player drawing the fixture itself. An emulation that does not reproduce the player there says
# nothing about the corpus, and the report shows it.
EMULATION_FIXTURES = {
    ("expression", "rlottie"): "expression.json",
    ("expression", "thorvg"): "expression.json",
    ("easing-per-dimension", "rlottie"): "easing-per-dimension.json",
    ("easing-per-dimension", "thorvg"): "easing-per-dimension.json",
    ("skew", "rlottie"): "skew.json",
    ("blend-mode", "rlottie"): "shape-blend-mode.json",
    ("polystar", "rlottie"): "polystar-rotated.json",
    ("mask", "rlottie"): "mask-none.json",
    ("zero-length-dashes", "rlottie"): "zero-length-dashes.json",
    ("path-from-closed-start", "rlottie"): "rlottie-stroke-dropped.json",
    ("legacy-colors", "rlottie"): "legacy-colors-255.json",
    ("time-remap", "rlottie"): "time-remap-static.json",
    ("rounded-corners", "rlottie"): "rounded-corners-polystar.json",
    ("key-before-type", "rlottie"): "key-before-type.json",
}


def check_emulations(a):
    """[(feature, player, fixture, player vs lottie-web on the fixture, player vs the emulated copy)]."""
    folder = os.path.join(a.cache, "emulation")
    os.makedirs(folder, exist_ok=True)
    results = []
    for (feature, player), fixture in sorted(EMULATION_FIXTURES.items()):
        path = os.path.join(HERE, "..", "Tests", "Fixtures", "compat", fixture)
        doc = json.load(open(path, "rb"))
        if not EMULATIONS[feature][0](doc):
            results.append((feature, player, fixture, None, None))
            continue
        data = json.dumps(doc).encode()
        copy = os.path.join(folder, hashlib.sha256(data).hexdigest()[:20] + ".json")
        if not os.path.exists(copy):
            open(copy, "wb").write(data)
        original = render_all(path, [0], a.size, a.cache, players=(player,))
        emulated = render_all(copy, [0], a.size, a.cache, players=())
        tiles = (original[player], original["web"], emulated["web"])
        if any(isinstance(t, str) for t in tiles):
            results.append((feature, player, fixture, None, None))
            continue
        results.append((feature, player, fixture, differing_share(tiles[0][0], tiles[1][0]),
                        differing_share(tiles[0][0], tiles[2][0])))
    return results


def reference_effect(rows, a):
    for n, row in enumerate(rows):
        if row["ae"] is not None:
            continue
        features = {t.split(" (")[0] for p in PLAYERS if not row[p]["disagrees"] for t, w in row["claims"][p] if w
                    and p in EMULATIONS.get(t.split(" (")[0], (None, ()))[1]}
        row["effect"] = {}
        if not features:
            continue
        path = animation_path(os.path.join(ORACLES, "..", row["file"]), a.cache)
        doc = json.load(open(path, "rb"))
        if has_external_images(doc):
            continue
        frames = dense_frames(path)
        original = render_all(path, frames, a.size, a.cache, players=(), tag=f"-dense{DENSE}")["web"]
        if isinstance(original, str):
            continue
        folder = os.path.join(a.cache, "emulation")
        os.makedirs(folder, exist_ok=True)
        for feature in sorted(features):
            copy = json.loads(json.dumps(doc))
            if not EMULATIONS[feature][0](copy):
                continue
            data = json.dumps(copy).encode()
            tmp = os.path.join(folder, hashlib.sha256(data).hexdigest()[:20] + ".json")
            if not os.path.exists(tmp):
                open(tmp, "wb").write(data)
            web = render_all(tmp, frames, a.size, a.cache, players=(), tag=f"-dense{DENSE}")["web"]
            if isinstance(web, str):
                continue
            row["effect"][feature] = max(differing_share(x, y) for x, y in zip(original, web))
            # Right but under the measure at DENSE frames: is it under it at every frame, or is the
            # change brief (a bounce after a keyframe) and the frames sampled fall beside it?
            unconfirmed = [p for p in EMULATIONS[feature][1] if not row[p]["disagrees"]
                           and not (row[p].get("dense") or {}).get("disagrees")]
            if unconfirmed and 0 < row["effect"][feature] <= THRESHOLD:
                row.setdefault("effect_every", {})[feature] = worst_frame(path, tmp, a)
        if n % 25 == 0:
            print(f"compat-lab: reference effect {n + 1}/{len(rows)}", file=sys.stderr)


MAX_EVERY = 600
EVERY_CHUNK = 100


def brief_changes(r, p):
    """The claimed features on player p whose removal from the file (its emulation) changes
    lottie-web's own picture on more than THRESHOLD at some frame: {feature: [share, frame]}."""
    claimed = {t.split(" (")[0] for t, w in r["claims"][p] if w}
    every = r.get("effect_every") or {}
    return {c: every[c] for c in claimed if every.get(c) and every[c][0] > THRESHOLD and p in EMULATIONS[c][1]}


def worst_frame(path, copy, a):
    """[largest share, frame] of lottie-web drawing `copy` against lottie-web drawing `path`, at every
    frame of op - ip (at most MAX_EVERY, evenly spread); None if either does not render."""
    doc = json.load(open(path, "rb"))
    count = max(1, int(float(doc["op"]) - float(doc["ip"])))
    step = -(-count // MAX_EVERY)
    frames = list(range(0, count, step))
    worst = [0.0, frames[0]]
    # In strips of EVERY_CHUNK frames: one Chromium call per strip stays well inside render_web.py's
    # two minutes (a 1,000-frame strip did not).
    for k in range(0, len(frames), EVERY_CHUNK):
        chunk = frames[k:k + EVERY_CHUNK]
        x = render_all(path, chunk, a.size, a.cache, players=(), tag=f"-every{step}-{k}")["web"]
        y = render_all(copy, chunk, a.size, a.cache, players=(), tag=f"-every{step}-{k}")["web"]
        if isinstance(x, str) or isinstance(y, str):
            return None
        for frame, u, v in zip(chunk, x, y):
            share = differing_share(u, v)
            if share > worst[0]:
                worst = [share, frame]
    return worst


# Causes the reference may be the one to miss: the ablation's cause, and the feature-use prefix
# lottie-web 5.7 must draw for the file to judge the player on it.
REFERENCE_CAUSES = {"effects (ef)": "effect (", "blend modes": "blend-mode (", "star point counts": "polystar (fractional points",
                    "repeaters": "repeater (",
                    "inverted masks in lottie-web's frame": "mask-inverted-frame ("}


def reference_misses(row, player):
    """A disagreement whose cause is a feature lottie-web 5.7 does not draw (a drop shadow, an Add
    blend) while every use of that kind in the file is one it does not draw: the reference is the
    odd one out, so the file cannot judge the player on it, unless the player draws nothing."""
    prefix = REFERENCE_CAUSES.get(row[player].get("cause"))
    if not prefix or not row[player].get("disagrees"):
        return
    # A player that refuses the file, crashes or draws nothing at all fails whatever lottie-web
    # makes of the cause: every reference draws something there.
    if row[player].get("load") or "draws nothing" in row[player].get("what", ""):
        return
    if row[player]["cause"] == "repeaters" and (
            "repeater" in row["claims"]["used"] or any(c.startswith("repeater") for c, _ in row["claims"][player])):
        # A repeater without a detail is one lottie-web draws right, and a player with a repeater
        # claim of its own (ThorVG's repeater-nested) may be the one that is wrong.
        return
    drawn = [u for u in row["claims"]["used"] if u.startswith(prefix) and "Control" not in u
             and u not in row["claims"]["web_ignores"]]
    if not drawn and any(u.startswith(prefix) for u in row["claims"]["web_ignores"]):
        row[player].update(disagrees=False, reference_misses=True)


def write_report(rows, a):
    def pct(x, y):
        return f"{x}/{y} ({100 * x / y:.0f}%)" if y else "—"
    conf = [r for r in rows if r["ae"] is not None]
    lines = ["# Renderer compatibility: evidence", "",
             "Written by `make compat-lab` (`Scripts/compat-lab.py`); every figure below is from its last run on",
             "this project's machine. Reference: lottie-web 5.7.5 (`../shared/oracles/render_web.py`), or the After",
             "Effects render where the file has one (the conformance files, frame 0); players: rlottie (rlottie-python",
             "1.3.8, which bundles Samsung/rlottie's master as librlottie 0.2: since its 12facb8 of 2022 it draws a layer",
             "at its out point's frame too and plays op − ip + 1 frames, where the system librlottie `lottiekit render` links,",
             "Debian's 0.1, and Telegram's forks, DrKLO/Telegram and desktop-app/rlottie, end a layer before its out point,",
             "as lottie-web does) and ThorVG",
             "1.0.4 (thorvg-python 1.1.3; the data's `thorvg@1.0`), through `../shared/oracles/render.py`. rlottie and ThorVG hand back premultiplied",
             "pixels; the lab undoes that before comparing. lottie-web draws on a transparent page (render_web.py's",
             "page with its white background taken away), so that every picture keeps its alpha.",
             f"Four frames at 10/35/60/85 % of op − ip, {a.size} px tiles, each picture laid on white and on black; a pixel",
             f"differs when nothing within one pixel of it in the other picture is within {TOLERANCE}/255 on both (white",
             "artwork is invisible on white alone: a title card in white letters); a player disagrees when its worst frame",
             f"differs on more than {int(THRESHOLD * 100)} % of the tile, or it refuses, crashes or draws nothing.",
             "A difference that goes away with a two-pixel tolerance, or when a pixel may be a blend of two colours next to it in",
             "the other picture (an edge covered more or less, as pixelmatch's anti-aliasing test judges it), is counted as",
             "anti-aliasing, not as a disagreement (against the small After Effects renders, the edge test only).",
             f"A claim the four frames do not confirm is looked for again at {DENSE} frames spread over op − ip (its",
             "own rows below; the goal's figures stay the four frames'). Where a claim's feature, removed, changes",
             f"lottie-web's own picture by under 2 % at those {DENSE}, the same is measured at every frame (at most {MAX_EVERY}).",
             "Files where lottie-web draws nothing are left out. Sample: the conformance files and "
             + ("every corpus file" if a.every == 1 else f"every {a.every}th corpus file")
             + f" (.json, and Telegram's stickers, .tgs: {sum(1 for r in rows if r['file'].lower().endswith('.tgs'))} of them): {len(rows)} animations compared;",
             f"{len(getattr(a, 'skipped_missing', []))} left out because their own external images are missing (lint reports those as LK301)."]
    if a.claims_only:
        lines += ["lottiekit's claims were asked again of the final binary (`--claims-only`) on that run's renders and verdicts."]
    if a.no_reference_effect:
        lines += ["This run did not measure what the unconfirmed claims change in lottie-web's own picture",
                  "(`--no-reference-effect`): the rows and sections on it are left out."]
    lines += ["A feature lottiekit calls minor (by its bound, the uses change at most 2 % of the frame; an info, not a",
              "warning, under `--target`) is not a claim here; its files have a row of their own."]
    forks = [p for p in PLAYERS if p in FORKS]
    if forks:
        lines += ["Telegram's forks of rlottie are players too in this run: "
                  + " and ".join(f"{NAMES[p]} (`{TARGETS[p]}`, ${FORKS[p]})" for p in forks)
                  + ", each built from its source by `Scripts/telegram-rlottie.sh` as a release build and loaded through",
                  "rlottie-python's bindings; lottiekit's claims for them are those of its targets of the same names. Their",
                  "sources are not in a clone, so a run on a fresh machine measures rlottie and ThorVG only."]
    lines += [""]
    lines += ["| | " + " | ".join(NAMES[p] for p in PLAYERS) + " |", "|---" * (len(PLAYERS) + 1) + "|"]
    stats = {}
    for p in PLAYERS:
        disagree = [r for r in rows if r[p]["disagrees"]]
        noise = [r for r in rows if r[p].get("noise")]
        claimed = [r for r in rows if any(w for _, w in r["claims"][p])]
        hit = [r for r in disagree if r["claims"][p]]
        true_claims = [r for r in claimed if r[p]["disagrees"]]
        failing = [r for r in rows if r[p].get("load")]
        stats[p] = dict(disagree=disagree, noise=noise, claimed=claimed, hit=hit, true=true_claims, failing=failing)
    row = lambda title, f: lines.append(f"| {title} | " + " | ".join(f(stats[p], p) for p in PLAYERS) + " |")
    row("files where the player disagrees with the reference", lambda s, p: pct(len(s["disagree"]), len(rows)))
    row("differences left out as anti-aliasing (two-pixel tolerance or edge blends)", lambda s, p: str(len(s["noise"])))
    row("differences left out because lottie-web does not draw their cause (a drop shadow or an Add blend the player draws, "
        "a star's partial point, an inverted mask past lottie-web's frame)",
        lambda s, p: str(sum(1 for r in rows if r[p].get("reference_misses"))))
    row("recall: disagreeing files lottiekit makes a claim on", lambda s, p: pct(len(s["hit"]), len(s["disagree"])))
    row("precision: files with a claim (on a feature lottie-web draws) that really disagree", lambda s, p: pct(len(s["true"]), len(s["claimed"])))
    minor_only = lambda p: [r for r in rows if (r["claims"].get("minor") or {}).get(p) and not r["claims"][p]]
    row("files whose only claims lottiekit calls minor (an info under --target: at most 2 % of the frame by its bound; "
        "not counted above), of them disagreeing",
        lambda s, p: f"{sum(1 for r in minor_only(p) if r[p]['disagrees'])}/{len(minor_only(p))}")
    row("files the player refuses, crashes on or fails to render, flagged", lambda s, p: pct(len([r for r in s["failing"] if r["claims"][p]]), len(s["failing"])))
    dense = lambda s, p: [r for r in s["claimed"] if not r[p]["disagrees"] and r[p].get("dense")]
    if any(dense(stats[p], p) for p in PLAYERS):
        row(f"claims the four frames did not confirm, seen at one of {DENSE} frames (not counted above)",
            lambda s, p: f"{sum(1 for r in dense(s, p) if r[p]['dense']['disagrees'])}/{len(dense(s, p))}")
        row(f"precision if a claim seen at any of {DENSE} frames counts (not the goal's measure)",
            lambda s, p: pct(len(s["true"]) + sum(1 for r in dense(s, p) if r[p]["dense"]["disagrees"]), len(s["claimed"])))
    def shown(r, p):
        # The claim's feature changes lottie-web's own picture (see reference_effect), so the
        # player, which ignores it, draws something else there too, if under the measure's 2 %.
        claimed = {t.split(" (")[0] for t, w in r["claims"][p] if w}
        return any((r.get("effect") or {}).get(c, 0) > 0 and p in EMULATIONS[c][1] for c in claimed)
    unconfirmed = lambda s, p: [r for r in s["claimed"] if not r[p]["disagrees"] and not (r[p].get("dense") or {}).get("disagrees")]
    def above(r, p):
        # The claim's feature changes lottie-web's own picture on more than the measure's 2 % at
        # some frame: at one of the DENSE frames, or, rendered at every frame, at another.
        claimed = {t.split(" (")[0] for t, w in r["claims"][p] if w and p in EMULATIONS.get(t.split(" (")[0], (None, ()))[1]}
        return bool(brief_changes(r, p)) or any((r.get("effect") or {}).get(c, 0) > THRESHOLD for c in claimed)
    if any(r.get("effect") for r in rows):
        row("unconfirmed claims whose feature, removed, changes lottie-web's own picture (right, but under 2 %; not counted above)",
            lambda s, p: f"{sum(1 for r in unconfirmed(s, p) if shown(r, p))}/{len(unconfirmed(s, p))}")
        row("precision if those count too (not the goal's measure)",
            lambda s, p: pct(len(s["claimed"]) - len(unconfirmed(s, p)) + sum(1 for r in unconfirmed(s, p) if shown(r, p)), len(s["claimed"])))
    if any(r.get("effect_every") for r in rows):
        row(f"unconfirmed claims whose feature, removed, changes lottie-web's own picture on more than 2 % at some frame "
            f"(at one of the {DENSE}, or at another when every frame is rendered: a brief change the sampled frames fall "
            "beside; not counted above)",
            lambda s, p: f"{sum(1 for r in unconfirmed(s, p) if above(r, p))}/{len(unconfirmed(s, p))}")
        row("precision if those count (not the goal's measure)",
            lambda s, p: pct(len(s["claimed"]) - len(unconfirmed(s, p)) + sum(1 for r in unconfirmed(s, p) if above(r, p)), len(s["claimed"])))
    both = [r for r in rows if r["ae"] is None and r.get("natives_agree") and all(r[p]["disagrees"] for p in ("rlottie", "thorvg"))]
    lines += ["", f"Corpus files where rlottie and ThorVG agree with each other and both differ from lottie-web: {len(both)}.",
              "lottie-web may be the odd one out there; they are still counted as disagreements above.", ""]
    for r in both[:15]:
        lines.append(f"- `{r['file']}`: {r['rlottie']['what']}" + (f" — cause: {r['rlottie']['cause']}" if r['rlottie'].get('cause') else ""))
    lines += ["", "## Conformance files against the After Effects renders", "",
              f"{len(conf)} feature files with a reference render at frame 0 (same comparison, at the render's size):", "",
              "| | lottie-web | " + " | ".join(NAMES[p] for p in PLAYERS) + " |", "|---" * (len(PLAYERS) + 2) + "|",
              "| agree with After Effects | " + " | ".join(pct(sum(1 for r in conf if r["ae"][p] <= THRESHOLD or p in r.get("ae_noise", ())), len(conf)) for p in ("web",) + PLAYERS) + " |", "",
              "Files where a player disagrees with After Effects (share of pixels differing; — agrees):", "",
              "| file | lottie-web | " + " | ".join(NAMES[p] for p in PLAYERS) + " | lottiekit's claims |", "|---" * (len(PLAYERS) + 3) + "|"]
    for r in conf:
        if any(r["ae"][p] > THRESHOLD for p in ("web",) + PLAYERS):
            cells = [(f"{100 * r['ae'][p]:.0f}% (anti-aliasing)" if p in r.get("ae_noise", ()) else f"{100 * r['ae'][p]:.0f}%")
                     if r["ae"][p] > THRESHOLD else "—" for p in ("web",) + PLAYERS]
            said = "; ".join(f"{p}: " + ", ".join(sorted({t for t, _ in r["claims"][p]})) for p in PLAYERS if r["claims"][p]) or "none"
            lines.append(f"| `{r['file'].split('lottie-test-files/data/')[-1]}` | " + " | ".join(cells) + f" | {said} |")
    for p in PLAYERS:
        s = stats[p]
        lines += ["", f"## {p}", "", "### Causes found by ablation (corpus disagreements)", "",
                  "Each disagreeing corpus file is re-rendered with one feature neutralised at a time (least",
                  "destructive first); the first whose removal makes the player agree with lottie-web is the cause.", "",
                  "| cause | files | lottiekit already claims it | example |", "|---|---|---|---|"]
        causes = {}
        for r in s["disagree"]:
            c = r[p].get("cause")
            if c:
                causes.setdefault(c, []).append(r)
        for c, rs in sorted(causes.items(), key=lambda x: (-len(x[1]), x[0])):
            lines.append(f"| {c} | {len(rs)} | {sum(1 for r in rs if r['claims'][p])} | `{rs[0]['file']}` |")
        unexplained = [r for r in s["disagree"] if r["ae"] is None and not r[p].get("cause")]
        lines += ["", f"Not explained by a single neutraliser: {len(unexplained)} files.", "",
                  "### Per feature: corpus files that use it, and how many of them the player draws differently", "",
                  "Features used by at least 5 files where the player disagrees on at least 20 % of them, with lottiekit's",
                  "verdict for the player (a row with a high share and no claim is a lead for the next measurement).", "",
                  "| feature | files | player disagrees | claimed |", "|---|---|---|---|"]
        by_feature = {}
        for r in rows:
            if r["ae"] is not None:
                continue
            for f in set(x.split(" (")[0] for x in r["claims"].get("used", [])):
                by_feature.setdefault(f, []).append(r)
        for f, rs in sorted(by_feature.items(), key=lambda x: (-sum(1 for r in x[1] if r[p]["disagrees"]) / len(x[1]), x[0])):
            bad = sum(1 for r in rs if r[p]["disagrees"])
            if len(rs) >= 5 and bad / len(rs) >= 0.2:
                claimed = sum(1 for r in rs if any(c.split(" (")[0] == f for c, _ in r["claims"][p]))
                lines.append(f"| {f} | {len(rs)} | {bad} ({100 * bad // len(rs)}%) | {claimed} |")
        lines += ["",
                  "### Disagreements lottiekit says nothing about", ""]
        for r in sorted((r for r in s["disagree"] if not r["claims"][p]), key=lambda r: (-r[p]["share"], r["file"]))[:30]:
            why = f" — cause: {r[p]['cause']}" if r[p].get("cause") else (f" — {r[p]['why']}" if r[p].get("why") else "")
            lines.append(f"- `{r['file']}`: {r[p]['what']}{why}")
        lines += ["", "### Claims the renders did not confirm (the player drew what the reference drew)", ""]
        counts, seen = {}, {}
        for r in s["claimed"]:
            if not r[p]["disagrees"]:
                later = (r[p].get("dense") or {}).get("disagrees")
                for c in {t for t, w in r["claims"][p] if w}:
                    counts[c] = counts.get(c, 0) + 1
                    seen[c] = seen.get(c, 0) + (1 if later else 0)
        if seen and any(r[p].get("dense") for r in s["claimed"]):
            lines += [f"After each count, how many of those files differ at one of {DENSE} frames spread over the animation",
                      "(the claim is right, the four frames missed it) — the rest the player never showed.", ""]
        for c, k in sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:25]:
            extra = f" ({seen[c]} seen at other frames)" if any(r[p].get("dense") for r in s["claimed"]) else ""
            lines.append(f"- {c}: {k} file{'s' if k != 1 else ''}{extra}")
        never = [r for r in s["claimed"] if not r[p]["disagrees"] and r[p].get("dense") and not r[p]["dense"]["disagrees"]]
        if never:
            lines += ["", f"Files whose claims no frame of the {DENSE} showed:", ""]
            for r in never[:40]:
                lines.append(f"- `{r['file']}`: " + ", ".join(sorted({t for t, w in r['claims'][p] if w}))
                             + f" (worst of {DENSE} frames {100 * r[p]['dense']['share']:.1f}%)")
        effects = {}
        for r in s["claimed"]:
            if r[p]["disagrees"] or (r[p].get("dense") or {}).get("disagrees"):
                continue
            for c in {t.split(" (")[0] for t, w in r["claims"][p] if w}:
                if c in (r.get("effect") or {}) and p in EMULATIONS[c][1]:
                    effects.setdefault(c, []).append((r["effect"][c], r))
        if effects:
            lines += ["", "### What the unconfirmed claims change in lottie-web's own picture", "",
                      "For a feature the player ignores, the file without it is what the player plays (for a known misreading,",
                      "the file with it: a star turned by twice its Rotation, a layer with a None mask hidden, an all-zero",
                      "dash list's stroke gone, 0-255 colours wrapped around a byte, a time remap clamped to the animation's",
                      "length or, when static, dropped, a direction written before \"ty\" reset): lottie-web",
                      f"drawing that copy against lottie-web drawing the file, at the {DENSE} frames, measures the claim with",
                      "the reference's own renderer. \"none\": the feature changes nothing there, so the claim is wrong for",
                      "that file; \"below the measure\": it changes the picture, but on less than the goal's 2 %.", "",
                      "| feature | unconfirmed files measured | none (claim wrong) | below the measure | of those, over it at some frame (every frame) | 2 % or more |", "|---|---|---|---|---|---|"]
            for c, xs in sorted(effects.items(), key=lambda x: (-len(x[1]), x[0])):
                none = [r for e, r in xs if e == 0]
                small = [r for e, r in xs if 0 < e <= THRESHOLD]
                over = [r for r in small if c in brief_changes(r, p)]
                lines.append(f"| {c} | {len(xs)} | {len(none)} | {len(small)} | {len(over)} | {len(xs) - len(none) - len(small)} |")
            briefs = [(r, found) for r in unconfirmed(s, p) if (found := brief_changes(r, p))]
            if briefs:
                lines += ["", "Unconfirmed claims that lottie-web's own picture shows on more than 2 % at a frame the measure",
                          "does not sample (the feature removed, or emulated, against the file; every frame rendered):", ""]
                for r, found in briefs[:40]:
                    lines.append(f"- `{r['file']}`: " + ", ".join(f"{c} (frame {f}: {100 * e:.1f}%)" for c, (e, f) in sorted(found.items())))
            checks = [c for c in getattr(a, "emulation_checks", []) if c[1] == p]
            if checks:
                lines += ["", f"Each emulation checked on its entry's fixture (frame 0): {p} against lottie-web drawing the",
                          "fixture, and against lottie-web drawing the emulated copy.", "",
                          "| feature | fixture | player vs lottie-web | player vs emulated copy |", "|---|---|---|---|"]
                for feature, _, fixture, before, after in checks:
                    shown = (lambda x: "—" if x is None else f"{100 * x:.1f} %")
                    lines.append(f"| {feature} | `{fixture}` | {shown(before)} | {shown(after)} |")
            wrong = sorted({r["file"] for xs in effects.values() for e, r in xs if e == 0})
            if wrong:
                lines += ["", "Files where the claimed feature changes nothing in lottie-web's picture:", ""]
                lines += [f"- `{f}`" for f in wrong[:30]]
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    open(a.out, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    print("\n".join(lines[14:22]))


if __name__ == "__main__":
    main()
