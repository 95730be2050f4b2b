#!/usr/bin/env python3
"""../shared/oracles/render_web.py with a transparent page, for the renderer lab (Scripts/compat-lab.py)
and its sample in `make test` (compat_fixtures.py): the same page and Chromium call, with the page's
white background taken away and Chromium's default background colour 00000000, so that lottie-web's
picture keeps its alpha like the native players' do. White artwork is invisible on a white page.
Same arguments and exit status as render_web.py."""
import os, subprocess, sys

ORACLES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "oracles"))
sys.path.insert(0, ORACLES)
import render_web  # noqa: E402

page = render_web.page
render_web.page = lambda *a: page(*a).replace("body{background:#fff;", "body{background:transparent;", 1)
run = subprocess.run
render_web.subprocess.run = lambda cmd, *a, **k: run(cmd[:1] + ["--default-background-color=00000000"] + cmd[1:], *a, **k)

if __name__ == "__main__":
    sys.exit(render_web.main())
