#!/usr/bin/env python3
"""The renderer lab's sample in `make test` (#18): renders compat fixtures with a native player and
compares them with the reference render stored beside each fixture: After Effects' (NAME.ae.png,
from the conformance files) where there is one; else, where lottie-web itself draws the feature
wrongly, lottie-web's render of NAME.expected.json, the same picture written with features it draws
right (NAME.expected.png); else lottie-web's render of the fixture (NAME.web.png). Both are made by
`compat_fixtures.py --make-reference NAME.json`, which needs Chromium: lottie-web on a transparent
page, as the lab draws it.

Input on stdin: one line per check, tab-separated: FIXTURE  PLAYER  FRAME  EXPECT
where PLAYER is rlottie (rlottie-python's, Samsung/rlottie's master), thorvg, rlottie@0.1 (the system
librlottie, Debian's 0.1, through `--lottiekit PATH render`), telegram-desktop or telegram-ios (Telegram's
forks, built by Scripts/telegram-rlottie.sh, named by $TELEGRAM_RLOTTIE and $TELEGRAM_IOS_RLOTTIE, through
rlottie-python's bindings), and
EXPECT is `differs` (the data says the player drops or mangles the feature) or `same`.
Prints one line per check and `N passed, M failed`; exit 1 when any failed.
The comparison is the lab's (Scripts/compat-lab.py): 200 px tiles laid on white and on black,
premultiplied pixels undone, a pixel differs when nothing within one pixel of it is within 32/255
on both, > 2 % differs.
"""
import json, os, subprocess, sys, tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "oracles"))
SIZE, TOLERANCE, THRESHOLD = 200, 32, 0.02
FIT_UP = ("import sys; sys.path.insert(0, %r); import render\n"
          "render.fit = lambda w, h, m: (max(1, round(w * m / max(w, h))), max(1, round(h * m / max(w, h))))\n"
          "sys.argv = ['render.py'] + sys.argv[1:]; sys.exit(render.main())" % ORACLES)
# Telegram Desktop's rlottie through rlottie-python's bindings (render.py loads only the bundled
# library); fitted as FIT_UP fits; exit 2 when the fork refuses the file, 3 for a size it cannot
# draw, as render.py. The renderer lab draws the forks with it too.
TELEGRAM = ("import sys\nfrom rlottie_python import LottieAnimation\n"
            "path, frame, out, side, lib = sys.argv[1], int(float(sys.argv[2])), sys.argv[3], int(sys.argv[4]), sys.argv[5]\n"
            "anim = LottieAnimation.from_file(path, rlottie_lib_path=lib)\n"
            "if not anim.animation_p: sys.exit(2)\n"
            "w, h = anim.lottie_animation_get_size()\n"
            "if w <= 0 or h <= 0: sys.exit(3)\n"
            "size = (max(1, round(w * side / max(w, h))), max(1, round(h * side / max(w, h))))\n"
            "anim.render_pillow_frame(frame_num=frame, width=size[0], height=size[1]).save(out)\n")
TELEGRAM_LIBRARIES = {"telegram-desktop": "TELEGRAM_RLOTTIE", "telegram-ios": "TELEGRAM_IOS_RLOTTIE"}


# lottie-web on a transparent page, as the lab draws it.
WEB_TRANSPARENT = os.path.join(HERE, "render_web_transparent.py")


def laid(im, premultiplied):
    """The picture on white and on black, side by side in six channels."""
    a = np.asarray(im.convert("RGBA"), dtype=np.float64)
    alpha = a[..., 3:4] / 255.0
    rgb = a[..., :3] if premultiplied else a[..., :3] * alpha
    return np.concatenate([np.clip(rgb + 255.0 * (1 - alpha), 0, 255), np.clip(rgb, 0, 255)], axis=2).round().astype(np.int16)


def differing_share(a, b):
    def unmatched(x, y):
        ok = np.zeros(x.shape[:2], dtype=bool)
        padded = np.pad(y, ((1, 1), (1, 1), (0, 0)), mode="edge")
        for dy in range(3):
            for dx in range(3):
                ok |= np.abs(x - padded[dy:dy + x.shape[0], dx:dx + x.shape[1]]).max(axis=2) <= TOLERANCE
        return ~ok
    return float((unmatched(a, b) | unmatched(b, a)).mean())


def fitted(fixture, side):
    """WIDTHxHEIGHT of the fixture's canvas fitted into a square of `side`, as the lab's tiles are."""
    doc = json.load(open(fixture, "rb"))
    w, h = float(doc.get("w") or side), float(doc.get("h") or side)
    return f"{max(1, round(w * side / max(w, h)))}x{max(1, round(h * side / max(w, h)))}"


def main():
    if "--make-reference" in sys.argv:
        for path in sys.argv[2:]:
            expected = path[:-5] + ".expected.json"
            source, out = (expected, path[:-5] + ".expected.png") if os.path.exists(expected) else (path, path[:-5] + ".web.png")
            subprocess.run([sys.executable, WEB_TRANSPARENT, source, out, "--frames", "0", "--size", str(SIZE)], check=True, capture_output=True)
            os.remove(out + ".log")
            print("wrote", out)
        return 0
    lottiekit = sys.argv[sys.argv.index("--lottiekit") + 1] if "--lottiekit" in sys.argv else "lottiekit"
    passed = failed = 0
    tmp = tempfile.mkdtemp(prefix="compat_fixtures_")
    for line in sys.stdin.read().splitlines():
        if not line.strip():
            continue
        fixture, player, frame, expect = line.split("\t")
        out = os.path.join(tmp, f"{passed + failed}.png")
        # After Effects' own render (NAME.ae.png, from the conformance files) is the reference where
        # there is one: lottie-web itself gets some features wrong. Compared at its size.
        ae, expected = fixture[:-5] + ".ae.png", fixture[:-5] + ".expected.png"
        if os.path.exists(ae):
            reference, against = Image.open(ae), "After Effects"
        elif os.path.exists(expected):
            reference, against = Image.open(expected), "the expected picture (lottie-web drawing " + os.path.basename(fixture)[:-5] + ".expected.json)"
        else:
            reference, against = Image.open(fixture[:-5] + ".web.png"), "lottie-web"
        side = max(reference.size) if os.path.exists(ae) else SIZE
        try:
            if player in TELEGRAM_LIBRARIES:
                r = subprocess.run([sys.executable, "-c", TELEGRAM, fixture, frame, out, str(side), os.environ[TELEGRAM_LIBRARIES[player]]],
                                   capture_output=True, timeout=20)
            elif player == "rlottie@0.1":
                r = subprocess.run([lottiekit, "render", fixture, "--frame", frame, "--size", fitted(fixture, side), "-o", out, "--quiet"],
                                   capture_output=True, timeout=20)
            else:
                r = subprocess.run([sys.executable, "-c", FIT_UP, fixture, frame, out, "--engine", player, "--max-side", str(side)],
                                   capture_output=True, timeout=20)
            code = r.returncode
        except subprocess.TimeoutExpired:
            code = "timeout (20 s)"
        web = laid(reference, premultiplied=False)
        if code != 0 or not os.path.exists(out):
            share, what = 1.0, f"{player} failed (exit {code})"
        else:
            # lottiekit render writes straight alpha; the Python bindings hand back premultiplied pixels.
            share = differing_share(web, laid(Image.open(out), premultiplied=player != "rlottie@0.1"))
            what = f"{100 * share:.1f}% differs from {against}"
        seen = "differs" if share > THRESHOLD else "same"
        ok = seen == expect
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(fixture)} {player}: {what} (data says {expect})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
