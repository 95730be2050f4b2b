#!/usr/bin/env python3
"""Independent check that two JSON texts hold the same value with the same key order (duplicates
kept) and the same spelling of every number. Python's own json parser, not lottiekit's.

Input on stdin: lines "ORIGINAL<TAB>CANDIDATE[<TAB>CANDIDATE…]". Prints one line per mismatch and a
summary line "N passed, M failed"; exits 1 on any mismatch."""
import json, sys

def load(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8-sig")
    return json.loads(text,
                      object_pairs_hook=lambda pairs: ("object", tuple(pairs)),
                      parse_float=lambda t: ("number", t),
                      parse_int=lambda t: ("number", t),
                      parse_constant=lambda t: ("constant", t))

passed = failed = 0
for line in sys.stdin:
    paths = line.rstrip("\n").split("\t")
    if len(paths) < 2:
        continue
    try:
        reference = load(paths[0])
    except Exception as e:  # the original must parse, or the caller should not have listed it
        print(f"MISMATCH {paths[0]}: original does not parse in python: {e}")
        failed += 1
        continue
    ok = True
    for candidate in paths[1:]:
        try:
            value = load(candidate)
        except Exception as e:
            print(f"MISMATCH {paths[0]}: {candidate} does not parse: {e}")
            ok = False
            continue
        if value != reference:
            print(f"MISMATCH {paths[0]}: {candidate} differs")
            ok = False
    passed += ok
    failed += not ok
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
