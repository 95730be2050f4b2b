#!/usr/bin/env python3
"""Shape metrics for #22: the CLI's share of source lines, the longest command run(), files over
400 lines and functions over 80 lines (generated data excluded).

    python3 Scripts/shape-metrics.py [--list] [--check]

--check (run by `make test`) exits 1 when a limit of #22 is passed: the CLI over 8 % of the lines, a
command's run() over 40 lines, a file over 400 lines or a function over 80, except the JSON parser
(the file and its state machine) and JSONEdits.apply.

Functions are measured from their `func`/`init` line to the matching closing brace, counting braces
outside string literals and comments (good enough for this code base's style)."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
FILE_LIMIT, FUNC_LIMIT, RUN_LIMIT, CLI_SHARE = 400, 80, 40, 0.08
# #22's exceptions: the JSON parser (its file and its state machine) and JSONEdits.apply.
EXEMPT_FILES = {"LottieJSON/JSONParser.swift"}
EXEMPT_FUNCS = {("LottieJSON/JSONParser.swift", "run"), ("LottieJSON/JSONEdits.swift", "apply")}
DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|"
                  r"mutating|nonisolated|override|final|class|convenience|required|@inlinable)\s+)*"
                  r"(func\s+[^\s(<]+|init[?!]?\s*[(<])")


def strip_code(line, state):
    """Returns the line with string literals and comments blanked; state carries block comments and
    multi-line strings across lines."""
    out, i = [], 0
    while i < len(line):
        if state["block"]:
            j = line.find("*/", i)
            if j < 0:
                return "".join(out)
            state["block"], i = False, j + 2
            continue
        if state["multi"]:
            j = line.find('"""', i)
            if j < 0:
                return "".join(out)
            state["multi"], i = False, j + 3
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"], i = True, i + 2
            continue
        if line.startswith('"""', i):
            state["multi"], i = True, i + 3
            continue
        c = line[i]
        if c == '"':
            i += 1
            depth = 0
            while i < len(line):
                if line[i] == "\\" and i + 1 < len(line) and line[i + 1] == "(":
                    depth += 1
                    i += 2
                    continue
                if depth and line[i] == ")":
                    depth -= 1
                elif line[i] == "\\":
                    i += 1
                elif line[i] == '"' and not depth:
                    break
                i += 1
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    state = {"block": False, "multi": False}
    code = [strip_code(l, state) for l in lines]
    found = []
    for k, line in enumerate(code):
        m = DECL.match(line)
        if not m:
            continue
        depth, started = 0, False
        for j in range(k, len(code)):
            for c in code[j]:
                if c == "{":
                    depth += 1
                    started = True
                elif c == "}":
                    depth -= 1
            if started and depth <= 0:
                name = m.group(1).replace("func ", "").rstrip("(<").strip()
                found.append((name, k + 1, j - k + 1))
                break
            if not started and j > k and code[j].strip() == "":
                break  # a protocol requirement: no body
    return found


def main():
    listing = "--list" in sys.argv
    total = cli = 0
    big_files, long_funcs, runs = [], [], []
    for dirpath, _, names in os.walk(ROOT):
        if "/Generated" in dirpath:
            continue
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, ROOT)
            n = sum(1 for _ in open(path, encoding="utf-8"))
            total += n
            if rel.startswith("lottiekit/"):
                cli += n
            if n > FILE_LIMIT:
                big_files.append((n, rel, rel in EXEMPT_FILES))
            for fname, line, length in functions(path):
                if length > FUNC_LIMIT:
                    long_funcs.append((length, f"{rel}:{line} {fname}", (rel, fname) in EXEMPT_FUNCS))
                if rel.startswith("lottiekit/") and fname == "run":
                    runs.append((length, f"{rel}:{line}"))
    print(f"source lines (non-generated): {total}; Sources/lottiekit: {cli} ({100 * cli / total:.1f} %)")
    runs.sort(reverse=True)
    print(f"longest run(): {runs[0][0]} lines ({runs[0][1]}); run() over {RUN_LIMIT}: {sum(1 for r in runs if r[0] > RUN_LIMIT)}")
    print(f"files over {FILE_LIMIT} lines: {len(big_files)}")
    for n, rel, exempt in sorted(big_files, reverse=True):
        print(f"  {n:5} {rel}" + (" (exempt)" if exempt else ""))
    print(f"functions over {FUNC_LIMIT} lines: {len(long_funcs)}")
    for n, where, exempt in sorted(long_funcs, reverse=True):
        print(f"  {n:5} {where}" + (" (exempt)" if exempt else ""))
    if listing:
        print("run() lengths:")
        for n, where in runs:
            print(f"  {n:5} {where}")
    if "--check" in sys.argv:
        broken = []
        if cli > CLI_SHARE * total:
            broken.append(f"Sources/lottiekit is {100 * cli / total:.1f} % of the lines (limit {100 * CLI_SHARE:.0f} %)")
        broken += [f"run() of {where} has {n} lines (limit {RUN_LIMIT})" for n, where in runs if n > RUN_LIMIT]
        broken += [f"{rel} has {n} lines (limit {FILE_LIMIT})" for n, rel, exempt in big_files if not exempt]
        broken += [f"{where} has {n} lines (limit {FUNC_LIMIT})" for n, where, exempt in long_funcs if not exempt]
        for b in broken:
            print(f"shape-metrics: {b}: split it (#22, CONTRIBUTING.md)", file=sys.stderr)
        sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
