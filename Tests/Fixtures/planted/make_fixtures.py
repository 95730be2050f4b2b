#!/usr/bin/env python3
"""Writes the planted-defect suite: realistic Lottie files with ONE defect each.

Run from anywhere: `python3 Tests/Fixtures/planted/make_fixtures.py`. It rewrites
`defects/`, `spec-strict/`, `controls/` and `EXPECTED.tsv` beside this script, deterministically
(same bytes on every run), with no dependencies beyond the standard library: the images are built
byte by byte (PNG with zlib, baseline JPEG, lossless WebP).

Every defect file starts from the same clean animation (`base()`), then plants one defect. The
expectation (`relative path, code, JSON pointer`) is written next to it in `EXPECTED.tsv`, and
`Tests/EndToEndTests/PlantedDefectTests.swift` lints the folders and checks that every file has its
diagnostic at its pointer and no other error. Controls are clean animations that must produce no
error and no warning.
"""
import base64
import copy
import json
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# Images, built by hand (valid files: each decodes in Pillow).


def png(width, height, rgb=(200, 120, 40), alpha=False, level=9):
    """A solid-colour 8-bit RGB(A) PNG. level=0 stores the pixels uncompressed (a big file)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    colour_type = 6 if alpha else 2
    pixel = bytes(rgb) + (b"\xff" if alpha else b"")
    row = b"\x00" + pixel * width
    raw = row * height
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b"")


def jpeg(width, height):
    """A mid-grey baseline greyscale JPEG: every 8x8 block is DC 0 + EOB (2 bits with the one-code tables)."""
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    bits = 2 * blocks
    nbytes = (bits + 7) // 8
    scan = bytearray(nbytes)
    # The 2*blocks leading bits are 0; the padding bits of the last byte are 1.
    pad = nbytes * 8 - bits
    if pad:
        scan[-1] = (1 << pad) - 1
    return (b"\xff\xd8"
            + b"\xff\xdb\x00\x43\x00" + b"\x01" * 64                                        # DQT
            + b"\xff\xc0\x00\x0b\x08" + struct.pack(">HH", height, width) + b"\x01\x01\x11\x00"  # SOF0, grey
            + b"\xff\xc4\x00\x14\x00\x01" + b"\x00" * 15 + b"\x00"                           # DHT DC: one code -> 0
            + b"\xff\xc4\x00\x14\x10\x01" + b"\x00" * 15 + b"\x00"                           # DHT AC: one code -> EOB
            + b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00"                                    # SOS
            + bytes(scan) + b"\xff\xd9")


class _Bits:
    def __init__(self):
        self.value, self.count = 0, 0

    def put(self, v, n):
        self.value |= v << self.count
        self.count += n

    def bytes(self):
        return self.value.to_bytes((self.count + 7) // 8, "little")


def webp(width, height, argb=(255, 40, 160, 220)):
    """A lossless (VP8L) WebP of one colour: five single-symbol prefix codes, so pixels take 0 bits."""
    b = _Bits()
    b.put(0x2F, 8)
    b.put(width - 1, 14)
    b.put(height - 1, 14)
    b.put(0, 1)  # alpha_is_used
    b.put(0, 3)  # version
    b.put(0, 1)  # no transform
    b.put(0, 1)  # no colour cache
    b.put(0, 1)  # no meta prefix codes
    a, r, g, bl = argb
    for symbol in (g, r, bl, a):  # green, red, blue, alpha: simple code, 1 symbol, 8-bit
        b.put(1, 1); b.put(0, 1); b.put(1, 1); b.put(symbol, 8)
    b.put(1, 1); b.put(0, 1); b.put(0, 1); b.put(0, 1)  # distance: simple, 1 symbol, 1-bit symbol 0
    data = b.bytes()
    chunk = b"VP8L" + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def data_uri(media_type, payload):
    return "data:%s;base64,%s" % (media_type, base64.b64encode(payload).decode("ascii"))


# ---------------------------------------------------------------------------------------------
# JSON layout: compact containers inline, bigger ones one member per line (easy to read and diff).

def dumps(value, indent=0, width=110):
    compact = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if len(compact) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = ["%s%s:%s" % (pad, json.dumps(k, ensure_ascii=False), dumps(v, indent + 2, width)) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dumps(v, indent + 2, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# ---------------------------------------------------------------------------------------------
# The clean animation every defect starts from (Bodymovin 5.7.4 layout and key order).

def static(k):
    return {"a": 0, "k": k}


def transform(x=256, y=256):
    return {"o": static(100), "r": static(0), "p": static([x, y, 0]), "a": static([0, 0, 0]), "s": static([100, 100, 100])}


def fade_in():
    return {"a": 1, "k": [
        {"i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}, "t": 0, "s": [0]},
        {"t": 20, "s": [100]}]}


def ellipse_group(name="Ellipse 1", size=200, colour=(0.2, 0.5, 0.9)):
    return {"ty": "gr", "it": [
        {"d": 1, "ty": "el", "s": static([size, size]), "p": static([0, 0]), "nm": "Ellipse Path 1"},
        {"ty": "fl", "c": static(list(colour) + [1]), "o": static(100), "r": 1, "bm": 0, "nm": "Fill 1"},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
         "o": static(100), "sk": static(0), "sa": static(0), "nm": "Transform"},
    ], "nm": name, "np": 2, "cix": 2, "bm": 0}


def rect_group(name="Rectangle 1", size=(240, 120), colour=(0.95, 0.6, 0.1)):
    return {"ty": "gr", "it": [
        {"d": 1, "ty": "rc", "s": static(list(size)), "p": static([0, 0]), "r": static(12), "nm": "Rectangle Path 1"},
        {"ty": "fl", "c": static(list(colour) + [1]), "o": static(100), "r": 1, "bm": 0, "nm": "Fill 1"},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
         "o": static(100), "sk": static(0), "sa": static(0), "nm": "Transform"},
    ], "nm": name, "np": 2, "cix": 2, "bm": 0}


def layer(ty, nm, ind, x=256, y=256, ip=0, op=60, **extra):
    """A layer in Bodymovin's key order; extra keys go before "ks" (parent, refId, td/tt...) unless
    they belong after it (shapes, w/h, masks)."""
    out = {"ddd": 0, "ind": ind, "ty": ty, "nm": nm}
    after_ks = {}
    for key, value in extra.items():
        if key in ("shapes", "w", "h", "t", "masksProperties", "hasMask", "sc", "sw", "sh", "tm"):
            after_ks[key] = value
        else:
            out[key] = value
    out["sr"] = 1
    out["ks"] = transform(x, y)
    out["ao"] = 0
    out.update(after_ks)
    out.update({"ip": ip, "op": op, "st": 0, "bm": 0})
    return out


def shape_layer(nm, ind, shapes=None, **extra):
    return layer(4, nm, ind, shapes=shapes if shapes is not None else [ellipse_group()], **extra)


def null_layer(nm, ind, **extra):
    return layer(3, nm, ind, **extra)


def image_layer(nm, ind, ref, **extra):
    return layer(2, nm, ind, refId=ref, **extra)


def precomp_layer(nm, ind, ref, w=512, h=512, **extra):
    return layer(0, nm, ind, refId=ref, w=w, h=h, **extra)


def precomp_asset(id, layers, nm=None):
    out = {"id": id, "layers": layers}
    if nm:
        out["nm"] = nm
    return out


def image_asset(id, w, h, p, u="images/", e=0):
    return {"id": id, "w": w, "h": h, "u": u, "p": p, "e": e}


def base(nm="Main", w=512, h=512, layers=None, assets=None, **extra):
    """A clean animation: one animated shape layer over a static background."""
    if layers is None:
        badge = shape_layer("Badge", 1)
        badge["ks"]["o"] = fade_in()
        layers = [badge, shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])]
    out = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": w, "h": h, "nm": nm, "ddd": 0,
           "assets": assets if assets is not None else [], "layers": layers}
    out.update(extra)
    return out


def mask(name, box=(-60, -60, 60, 60)):
    x0, y0, x1, y1 = box
    return {"inv": False, "mode": "a", "pt": static({"i": [[0, 0]] * 4, "o": [[0, 0]] * 4,
                                                      "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "c": True}),
            "o": static(100), "x": static(0), "nm": name}


def text_layer(nm, ind, font, text="Hello", **extra):
    doc = {"s": 48, "f": font, "t": text, "j": 2, "tr": 0, "lh": 57.6, "ls": 0, "fc": [0.1, 0.1, 0.1]}
    t = {"d": {"k": [{"s": doc, "t": 0}]}, "p": {}, "m": {"g": 1, "a": static([0, 0])}, "a": []}
    return layer(5, nm, ind, t=t, **extra)


def font(name, family, style):
    return {"fName": name, "fFamily": family, "fStyle": style, "ascent": 71.6}


# ---------------------------------------------------------------------------------------------
# Output

EXPECTED = []


def write_json(rel, doc, expect=None, transform_text=None):
    text = dumps(doc) + "\n"
    if transform_text:
        text = transform_text(text)
    data = text.encode("utf-8") if isinstance(text, str) else text
    write_bytes(rel, data)
    if expect:
        code, pointer = expect
        EXPECTED.append((rel, code, pointer))


def write_bytes(rel, data):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def D(n, name):
    return "defects/%03d-%s.json" % (n, name)


# ---------------------------------------------------------------------------------------------
# Defects

def syntax_and_structure():
    # LK001: a download cut short in the middle of the second layer.
    text = dumps(base()) + "\n"
    cut = text.index('"nm":"Background"') + 12
    write_bytes(D(1, "invalid-json"), text[:cut].encode())
    EXPECTED.append((D(1, "invalid-json"), "LK001", ""))

    # LK002: two "nm" in one layer (a hand merge); "__DUP__nm" becomes a second "nm" in the text.
    rebuilt = {}
    for k, v in base()["layers"][0].items():
        rebuilt[k] = v
        if k == "nm":
            rebuilt["__DUP__nm"] = "Badge copy"
    doc = base()
    doc["layers"][0] = rebuilt
    write_json(D(2, "duplicate-key"), doc, ("LK002", "/layers/0/nm"),
               transform_text=lambda t: t.replace('"__DUP__nm"', '"nm"'))

    # LK003: saved by an editor that writes a BOM.
    write_json(D(3, "byte-order-mark"), base(), ("LK003", ""),
               transform_text=lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"))

    # LK100: a dotLottie manifest left in the animations folder.
    write_json(D(4, "not-lottie"), {"version": "1.0", "revision": 1, "generator": "@dotlottie/dotlottie-js",
                                    "author": "LottieFiles", "animations": [{"id": "confetti", "speed": 1, "loop": True,
                                                                             "autoplay": True, "direction": 1, "playMode": "normal"}],
                                    "activeAnimationId": "confetti"}, ("LK100", ""))
    # LK100: the animation wrapped in an array (a JSON export of a list of animations).
    write_json(D(5, "not-lottie-array"), [base()], ("LK100", ""))

    # LK101: a shape layer without its transform.
    doc = base()
    del doc["layers"][1]["ks"]
    write_json(D(6, "missing-field"), doc, ("LK101", "/layers/1"))
    # LK101: a keyframe without its time.
    doc = base()
    del doc["layers"][0]["ks"]["o"]["k"][1]["t"]
    write_json(D(7, "missing-field-keyframe-time"), doc, ("LK101", "/layers/0/ks/o/k/1"))
    # LK101: no "op" at the top level.
    doc = base()
    del doc["op"]
    write_json(D(8, "missing-field-top-level"), doc, ("LK101", ""))

    # LK102: the frame rate as a string.
    doc = base()
    doc["fr"] = "30"
    write_json(D(9, "wrong-type"), doc, ("LK102", "/fr"))
    # LK102: a layer name that is a number.
    doc = base()
    doc["layers"][1]["nm"] = 2
    write_json(D(10, "wrong-type-layer-name"), doc, ("LK102", "/layers/1/nm"))

    # LK103: a layer whose out-point is before its in-point.
    doc = base()
    doc["layers"][0]["ip"], doc["layers"][0]["op"] = 45, 15
    write_json(D(11, "empty-frame-range"), doc, ("LK103", "/layers/0/op"))

    # LK104: a zero-width canvas.
    doc = base()
    doc["w"] = 0
    write_json(D(12, "canvas-size"), doc, ("LK104", "/w"))

    # LK105: the frame rate written as 0.
    doc = base()
    doc["fr"] = 0
    write_json(D(13, "frame-rate"), doc, ("LK105", "/fr"))

    # LK106: a layer that starts after the animation ends.
    doc = base()
    doc["layers"].insert(1, shape_layer("Outro Flash", 3, ip=90, op=120, shapes=[ellipse_group("Flash", 80)]))
    write_json(D(14, "layer-outside-composition"), doc, ("LK106", "/layers/1"))

    # LK107: keyframes out of order.
    doc = base()
    doc["layers"][0]["ks"]["o"]["k"] = [
        {"i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}, "t": 0, "s": [0]},
        {"i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}, "t": 30, "s": [60]},
        {"t": 20, "s": [100]}]
    write_json(D(15, "keyframes-not-ascending"), doc, ("LK107", "/layers/0/ks/o/k/2"))

    # LK108: a layer type from the future.
    doc = base()
    doc["layers"].insert(1, null_layer("Control", 3))
    doc["layers"][1]["ty"] = 42
    write_json(D(16, "unknown-layer-type"), doc, ("LK108", "/layers/1/ty"))

    # LK109: a shape item no player knows.
    doc = base()
    doc["layers"][0]["shapes"][0]["it"].insert(1, {"ty": "xx", "nm": "Wiggle Paths 1"})
    write_json(D(17, "unknown-shape-type"), doc, ("LK109", "/layers/0/shapes/0/it/1/ty"))


def references():
    # LK201: parent names a layer that was deleted.
    doc = base()
    badge = shape_layer("Badge", 1, parent=7)
    badge["ks"]["o"] = fade_in()
    doc["layers"] = [null_layer("Rig", 3), badge, doc["layers"][1]]
    write_json(D(18, "parent-missing"), doc, ("LK201", "/layers/1/parent"))

    # LK201 inside a precomp asset: the precomp's layers are their own composition.
    comp = precomp_asset("comp_0", [null_layer("Rig", 1), shape_layer("Wheel", 2, parent=4), shape_layer("Body", 3, parent=1,
                                                                  shapes=[rect_group("Chassis")])], nm="Car")
    doc = base(layers=[precomp_layer("Car", 1, "comp_0"), shape_layer("Road", 2, shapes=[rect_group("Asphalt", (512, 80), (0.2, 0.2, 0.2))])],
               assets=[comp])
    write_json(D(19, "parent-missing-in-precomp"), doc, ("LK201", "/assets/0/layers/1/parent"))

    # LK202: a layer that is its own parent.
    doc = base()
    doc["layers"][0] = shape_layer("Badge", 1, parent=1)
    write_json(D(20, "parent-self"), doc, ("LK202", "/layers/0/parent"))

    # LK203: two layers parented to each other.
    doc = base(layers=[shape_layer("Arm", 1, parent=2), shape_layer("Hand", 2, parent=1, shapes=[ellipse_group("Palm", 60)]),
                       shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])])
    write_json(D(21, "parent-cycle"), doc, ("LK203", "/layers/0/parent"))

    # LK203: a loop of three layers, below a normal parented pair.
    doc = base(layers=[null_layer("Root", 1), shape_layer("Head", 2, parent=1),
                       shape_layer("Upper Arm", 3, parent=5), shape_layer("Forearm", 4, parent=3, shapes=[rect_group("Bone", (40, 120))]),
                       shape_layer("Hand", 5, parent=4, shapes=[ellipse_group("Palm", 50)])])
    write_json(D(22, "parent-cycle-three-layers"), doc, ("LK203", "/layers/2/parent"))

    # LK204: two layers with ind 2.
    doc = base(layers=[shape_layer("Badge", 1), shape_layer("Shine", 2, shapes=[ellipse_group("Glint", 40, (1, 1, 1))]),
                       shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])])
    write_json(D(23, "duplicate-layer-index"), doc, ("LK204", "/layers/2/ind"))

    # LK204 inside a precomp.
    comp = precomp_asset("comp_0", [shape_layer("Dot 1", 1, x=200), shape_layer("Dot 2", 2, x=256), shape_layer("Dot 3", 2, x=312)], nm="Loader")
    doc = base(layers=[precomp_layer("Loader", 1, "comp_0")], assets=[comp])
    write_json(D(24, "duplicate-layer-index-in-precomp"), doc, ("LK204", "/assets/0/layers/2/ind"))

    # LK205: an image layer whose asset was removed.
    doc = base()
    doc["layers"].insert(0, image_layer("Logo", 3, "image_9"))
    write_json(D(25, "asset-missing"), doc, ("LK205", "/layers/0/refId"))

    # LK205: a precomp layer naming a precomp id that does not exist (comp_1 vs comp_0).
    comp = precomp_asset("comp_0", [shape_layer("Star", 1)], nm="Star")
    doc = base(layers=[precomp_layer("Star A", 1, "comp_0", x=180), precomp_layer("Star B", 2, "comp_1", x=330)], assets=[comp])
    write_json(D(26, "asset-missing-precomp"), doc, ("LK205", "/layers/1/refId"))

    # LK206: a precomp layer pointing at an image asset.
    doc = base(layers=[precomp_layer("Logo", 1, "image_0"), shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480))])],
               assets=[image_asset("image_0", 64, 64, "logo_64.png")])
    write_json(D(27, "asset-wrong-kind"), doc, ("LK206", "/layers/0/refId"))

    # LK206: an image layer pointing at a precomp.
    comp = precomp_asset("comp_0", [shape_layer("Star", 1)], nm="Star")
    doc = base(layers=[image_layer("Star", 1, "comp_0"), precomp_layer("Star Copy", 2, "comp_0")], assets=[comp])
    write_json(D(28, "asset-wrong-kind-image-layer"), doc, ("LK206", "/layers/0/refId"))

    # LK207: a precomp containing itself.
    comp = precomp_asset("comp_0", [shape_layer("Petal", 1), precomp_layer("Flower", 2, "comp_0")], nm="Flower")
    doc = base(layers=[precomp_layer("Flower", 1, "comp_0")], assets=[comp])
    write_json(D(29, "precomp-cycle"), doc, ("LK207", "/assets/0/layers/1/refId"))

    # LK207: A includes B includes A.
    a = precomp_asset("comp_0", [shape_layer("Frame", 1, shapes=[rect_group("Border")]), precomp_layer("Inner", 2, "comp_1")], nm="Outer")
    b = precomp_asset("comp_1", [shape_layer("Picture", 1), precomp_layer("Mirror", 2, "comp_0")], nm="Inner")
    doc = base(layers=[precomp_layer("Outer", 1, "comp_0")], assets=[a, b])
    write_json(D(30, "precomp-cycle-indirect"), doc, ("LK207", "/assets/0/layers/1/refId"))

    # LK208: the matted layer is on top: its matte source was deleted.
    doc = base(layers=[shape_layer("Photo", 1, tt=1, shapes=[rect_group("Photo Fill", (400, 300))]),
                       shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])])
    write_json(D(31, "matte-source-missing"), doc, ("LK208", "/layers/0/tt"))

    # LK208 in a precomp: the layer above the matted one is not a matte (td missing).
    comp = precomp_asset("comp_0", [shape_layer("Circle Mask", 1), shape_layer("Avatar", 2, tt=1, shapes=[rect_group("Avatar Fill", (200, 200))])],
                         nm="Avatar")
    doc = base(layers=[precomp_layer("Avatar", 1, "comp_0"), shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480))])],
               assets=[comp])
    write_json(D(32, "matte-source-missing-in-precomp"), doc, ("LK208", "/assets/0/layers/1/tt"))

    # LK209: "tp" names a layer that does not exist.
    doc = base(layers=[shape_layer("Mask", 1, td=1), shape_layer("Photo", 2, tt=1, tp=9, shapes=[rect_group("Photo Fill", (400, 300))]),
                       shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480))])])
    doc["v"] = "5.12.1"
    write_json(D(33, "matte-parent-missing"), doc, ("LK209", "/layers/1/tp"))

    # LK210: a text layer using a font that is not listed.
    doc = base(layers=[text_layer("Title", 1, "Inter-Bold"), shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480))])],
               fonts={"list": [font("Roboto-Regular", "Roboto", "Regular")]})
    write_json(D(34, "font-missing"), doc, ("LK210", "/layers/0/t/d/k/0/s/f"))

    # LK211: a precomp that nothing uses.
    doc = base(assets=[precomp_asset("comp_0", [shape_layer("Old Idea", 1)], nm="Old Idea")])
    write_json(D(35, "unused-asset"), doc, ("LK211", "/assets/0"))

    # LK211: an image asset that nothing uses (its file exists).
    doc = base(assets=[image_asset("image_0", 64, 64, "logo_64.png")])
    write_json(D(36, "unused-asset-image"), doc, ("LK211", "/assets/0"))


def images():
    write_bytes("defects/images/logo_64.png", png(64, 64))
    write_bytes("defects/images/sticker_32.png", webp(32, 32))        # WebP bytes under a .png name
    write_bytes("defects/images/hero.png", b"<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>"
                                            b"<body><h1>Not Found</h1></body></html>\n")
    write_bytes("defects/images/avatar_32.png", png(32, 32, (90, 160, 90)))
    write_bytes("defects/images/strip_2000x10.png", png(2000, 10, (30, 30, 30)))

    def with_image(asset, nm="Main", extra_layers=()):
        return base(nm=nm, layers=[image_layer("Picture", 1, asset["id"], x=256, y=256)] + list(extra_layers) +
                    [shape_layer("Background", 9, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])], assets=[asset])

    # LK301: the file does not exist.
    write_json(D(37, "image-missing"), with_image(image_asset("image_0", 64, 64, "img_0.png")), ("LK301", "/assets/0/p"))
    # LK301: second of two assets missing (the first one exists).
    doc = base(layers=[image_layer("Logo", 1, "image_0", x=150), image_layer("Icon", 2, "image_1", x=350),
                       shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480))])],
               assets=[image_asset("image_0", 64, 64, "logo_64.png"), image_asset("image_1", 64, 64, "icon_64.png")])
    write_json(D(38, "image-missing-second-asset"), doc, ("LK301", "/assets/1/p"))

    # LK302: an absolute path from the designer's machine.
    write_json(D(39, "image-path-unsafe-absolute"),
               with_image(image_asset("image_0", 64, 64, "/Users/anna/Desktop/export/images/img_0.png", u="")), ("LK302", "/assets/0/p"))
    # LK302: "u" climbs out of the animation's folder.
    write_json(D(40, "image-path-unsafe-parent-folder"),
               with_image(image_asset("image_0", 64, 64, "logo_64.png", u="../shared/images/")), ("LK302", "/assets/0/u"))
    # LK302 (warning): loaded from a URL.
    write_json(D(41, "image-path-unsafe-url"),
               with_image(image_asset("image_0", 64, 64, "logo_64.png", u="https://cdn.example.com/anim/images/")), ("LK302", "/assets/0/u"))

    # LK303: ";base64" without its comma.
    uri = data_uri("image/png", png(16, 16)).replace(";base64,", ";base64")
    write_json(D(42, "data-uri-malformed"), with_image(image_asset("image_0", 16, 16, uri, u="", e=1)), ("LK303", "/assets/0/p"))

    # LK304: base64 cut short (padding lost).
    uri = data_uri("image/png", png(16, 16))
    uri = uri.rstrip("=")
    if (len(uri) - len("data:image/png;base64,")) % 4 == 0:
        uri = uri[:-1]
    write_json(D(43, "base64-invalid"), with_image(image_asset("image_0", 16, 16, uri, u="", e=1)), ("LK304", "/assets/0/p"))

    # LK305 (warning): declared PNG, the data is JPEG.
    write_json(D(44, "image-type-mismatch"), with_image(image_asset("image_0", 48, 32, data_uri("image/png", jpeg(48, 32)), u="", e=1)),
               ("LK305", "/assets/0/p"))
    # LK305 (warning): a .png file holding WebP.
    write_json(D(45, "image-type-mismatch-file-extension"), with_image(image_asset("image_0", 32, 32, "sticker_32.png")),
               ("LK305", "/assets/0/p"))
    # LK305 (error): the "image" is an HTML error page saved by a download script.
    write_json(D(46, "image-type-mismatch-not-an-image"), with_image(image_asset("image_0", 64, 64, "hero.png")),
               ("LK305", "/assets/0/p"))

    # LK306 (warning): a 32x32 file declared 64x64.
    write_json(D(47, "image-size-mismatch"), with_image(image_asset("image_0", 64, 64, "avatar_32.png")), ("LK306", "/assets/0/w"))
    # LK306 (warning): an embedded JPEG 48x32 declared 48x48 (only the height differs).
    write_json(D(48, "image-size-mismatch-embedded"),
               with_image(image_asset("image_0", 48, 48, data_uri("image/jpeg", jpeg(48, 32)), u="", e=1)), ("LK306", "/assets/0/h"))

    # LK307 (warning): a 2000x10 strip, over the 1500 px side budget.
    write_json(D(49, "image-too-large"), with_image(image_asset("image_0", 2000, 10, "strip_2000x10.png")), ("LK307", "/assets/0/p"))

    # LK308 (warning): one embedded 580x580 PNG, stored without compression: 1.01 MB decoded.
    big = png(580, 580, (250, 250, 250), level=0)
    assert len(big) > 1_000_000
    write_json(D(50, "embedded-images-budget"), with_image(image_asset("image_0", 580, 580, data_uri("image/png", big), u="", e=1)),
               ("LK308", "/assets"))


def naming_and_budgets():
    # LK401: a "." in a layer name breaks keypaths (Button.Background means two levels).
    doc = base()
    doc["layers"][0]["nm"] = "Button.Background"
    write_json(D(51, "keypath-separator-in-name"), doc, ("LK401", "/layers/0/nm"))

    # LK402: a trailing space in a layer name.
    doc = base()
    doc["layers"][0]["nm"] = "Badge "
    write_json(D(52, "name-whitespace"), doc, ("LK402", "/layers/0/nm"))

    # LK403: two sibling layers with the same name.
    doc = base(layers=[shape_layer("Star", 1, x=180), shape_layer("Star", 2, x=330, shapes=[ellipse_group("Ellipse 1", 120)]),
                       shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480))])])
    write_json(D(53, "duplicate-sibling-name"), doc, ("LK403", "/layers/1/nm"))

    # LK501: 2 track mattes + 3 masks in one composition (5 > 4).
    layers = [
        shape_layer("Matte A", 1, td=1, x=150, shapes=[ellipse_group("Matte Shape", 120)]),
        shape_layer("Photo A", 2, tt=1, x=150, shapes=[rect_group("Photo Fill", (160, 160))]),
        shape_layer("Matte B", 3, td=1, x=360, shapes=[ellipse_group("Matte Shape", 120)]),
        shape_layer("Photo B", 4, tt=1, x=360, shapes=[rect_group("Photo Fill", (160, 160))]),
        shape_layer("Card", 5, y=420, hasMask=True, masksProperties=[mask("Mask 1", (-200, -40, -80, 40)), mask("Mask 2", (-60, -40, 60, 40)),
                                                                   mask("Mask 3", (80, -40, 200, 40))],
                    shapes=[rect_group("Card Fill", (440, 100))]),
        shape_layer("Background", 6, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))]),
    ]
    write_json(D(54, "masks-and-mattes-budget"), base(layers=layers), ("LK501", "/layers"))

    # LK502: five image layers (> 4) showing the same image.
    layers = [image_layer("Tile %d" % (i + 1), i + 1, "image_0", x=60 + 96 * i, y=256) for i in range(5)]
    layers.append(shape_layer("Background", 6, shapes=[rect_group("Panel", (480, 480))]))
    write_json(D(55, "image-layers-budget"), base(layers=layers, assets=[image_asset("image_0", 64, 64, "logo_64.png")]), ("LK502", "/layers"))

    # LK503 (file over 2,000,000 bytes): a hand-drawn scribble with thousands of vertices.
    doc = base()
    n = 11200
    verts, ins, outs = [], [], []
    for i in range(n):
        x = round(-200 + 400 * (i % 400) / 400 + (i * 7 % 13) * 0.137, 3)
        y = round(-200 + 400 * (i // 400) / (n // 400) + (i * 11 % 17) * 0.113, 3)
        verts.append([x, y]); ins.append([round(-1.234 - (i % 5) * 0.1, 3), 0.567]); outs.append([round(1.234 + (i % 5) * 0.1, 3), -0.567])
    scribble = {"ty": "gr", "it": [
        {"ind": 0, "ty": "sh", "ks": static({"i": ins, "o": outs, "v": verts, "c": False}), "nm": "Path 1"},
        {"ty": "st", "c": static([0.1, 0.1, 0.1, 1]), "o": static(100), "w": static(2), "lc": 2, "lj": 2, "bm": 0, "nm": "Stroke 1"},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
         "o": static(100), "sk": static(0), "sa": static(0), "nm": "Transform"}], "nm": "Scribble", "np": 2, "cix": 2, "bm": 0}
    doc["layers"].insert(1, shape_layer("Scribble", 3, shapes=[scribble]))
    # One vertex per line, as a pretty-printing export would write it.
    text = json.dumps(doc, indent=1) + "\n"
    assert 2_000_000 < len(text.encode()) < 2_200_000, len(text.encode())
    write_bytes(D(56, "file-size-budget"), text.encode())
    EXPECTED.append((D(56, "file-size-budget"), "LK503", ""))

    # LK504: a 2400x1800 canvas (4,320,000 px > 4,194,304).
    doc = base(w=2400, h=1800)
    for l in doc["layers"]:
        l["ks"]["p"]["k"] = [1200, 900, 0]
    write_json(D(57, "composition-size-budget"), doc, ("LK504", "/w"))

    # LK505: six precomps nested in each other (depth 6 > 5).
    assets = []
    for depth in range(1, 7):
        inner = [precomp_layer("Level %d" % (depth + 1), 1, "comp_%d" % (depth + 1))] if depth < 6 else [shape_layer("Core", 1)]
        assets.append(precomp_asset("comp_%d" % depth, inner, nm="Level %d" % depth))
    doc = base(layers=[precomp_layer("Level 1", 1, "comp_1"), shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480))])],
               assets=assets)
    write_json(D(58, "precomp-depth-budget"), doc, ("LK505", "/assets/4/layers/0/refId"))


def markers():
    # LK110: two markers named "celebrate" (the second is reported).
    doc = base(markers=[{"tm": 0, "cm": "celebrate", "dr": 20}, {"tm": 30, "cm": "celebrate", "dr": 20}])
    write_json(D(59, "duplicate-marker-name"), doc, ("LK110", "/markers/1"))
    # LK111: an "outro" marker that starts after the last frame (op 60).
    doc = base(markers=[{"tm": 0, "cm": "intro", "dr": 20}, {"tm": 75, "cm": "outro", "dr": 15}])
    write_json(D(60, "marker-outside-frames"), doc, ("LK111", "/markers/1"))
    # LK112: a named marker without duration.
    doc = base(markers=[{"tm": 10, "cm": "tap", "dr": 0}])
    write_json(D(61, "zero-length-marker"), doc, ("LK112", "/markers/0"))


def spec_strict():
    S = lambda n, name: "spec-strict/%03d-%s.json" % (n, name)
    # LK601: old Bodymovin: the last keyframe has only "t" (the value is the previous one's "e").
    doc = base()
    doc["layers"][0]["ks"]["o"]["k"] = [
        {"i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}, "t": 0, "s": [0], "e": [100]},
        {"t": 20}]
    doc["v"] = "4.8.0"
    write_json(S(601, "keyframe-missing-start"), doc, ("LK601", "/layers/0/ks/o/k/1"))

    # LK602: an animated property without "a".
    doc = base()
    del doc["layers"][0]["ks"]["o"]["a"]
    write_json(S(602, "animated-flag-missing"), doc, ("LK602", "/layers/0/ks/o"))

    # LK603: a static value marked animated.
    doc = base()
    doc["layers"][0]["ks"]["r"] = {"a": 1, "k": 0}
    write_json(S(603, "static-value-marked-animated"), doc, ("LK603", "/layers/0/ks/r"))

    # LK604: an image asset without "w"/"h" (the file exists).
    write_bytes("spec-strict/images/logo_64.png", png(64, 64))
    asset = {"id": "image_0", "u": "images/", "p": "logo_64.png", "e": 0}
    doc = base(layers=[image_layer("Logo", 1, "image_0"), shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480))])], assets=[asset])
    write_json(S(604, "image-asset-without-size"), doc, ("LK604", "/assets/0"))

    # LK605: a non-integer canvas height.
    doc = base(h=511.5)
    write_json(S(605, "non-integer-size"), doc, ("LK605", "/h"))


def controls():
    C = lambda name: "controls/%s.json" % name
    write_bytes("controls/images/img_0.png", png(64, 64, (40, 140, 220), alpha=True))
    write_bytes("controls/images/img_1.jpg", jpeg(120, 80))

    # Shapes with animated opacity, position and scale.
    doc = base(nm="Pulse")
    doc["layers"][0]["ks"]["s"] = {"a": 1, "k": [
        {"i": {"x": [0.4, 0.4, 0.4], "y": [1, 1, 1]}, "o": {"x": [0.6, 0.6, 0.6], "y": [0, 0, 0]}, "t": 0, "s": [80, 80, 100]},
        {"i": {"x": [0.4, 0.4, 0.4], "y": [1, 1, 1]}, "o": {"x": [0.6, 0.6, 0.6], "y": [0, 0, 0]}, "t": 30, "s": [110, 110, 100]},
        {"t": 59, "s": [80, 80, 100]}]}
    write_json(C("01-shapes-animated"), doc)

    # A parent chain: null -> body -> arm -> hand.
    doc = base(nm="Wave", layers=[
        null_layer("Rig", 1),
        shape_layer("Body", 2, parent=1, shapes=[rect_group("Torso", (120, 200))]),
        shape_layer("Arm", 3, parent=2, shapes=[rect_group("Upper Arm", (30, 100))]),
        shape_layer("Hand", 4, parent=3, shapes=[ellipse_group("Palm", 40)]),
        shape_layer("Background", 5, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])])
    doc["layers"][0]["ks"]["r"] = {"a": 1, "k": [
        {"i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}, "t": 0, "s": [-10]},
        {"i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}, "t": 30, "s": [10]},
        {"t": 59, "s": [-10]}]}
    write_json(C("02-parent-chain"), doc)

    # A precomp used twice, itself containing a parent pair.
    comp = precomp_asset("comp_0", [null_layer("Spinner Rig", 1), shape_layer("Dot", 2, parent=1, x=256, y=180, shapes=[ellipse_group("Dot Shape", 40)])],
                         nm="Spinner")
    comp["layers"][0]["ks"]["r"] = {"a": 1, "k": [{"i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}, "t": 0, "s": [0]}, {"t": 60, "s": [360]}]}
    doc = base(nm="Loading", layers=[precomp_layer("Spinner Small", 1, "comp_0", x=150), precomp_layer("Spinner Large", 2, "comp_0", x=360),
                                     shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])],
               assets=[comp])
    write_json(C("03-precomp"), doc)

    # Track mattes: source with td directly above the matted layer (5.7 style), and a 5.12 "tp" pair.
    doc = base(nm="Reveal", layers=[
        shape_layer("Reveal Matte", 1, td=1, shapes=[ellipse_group("Matte Shape", 300)]),
        shape_layer("Photo", 2, tt=1, shapes=[rect_group("Photo Fill", (400, 400), (0.8, 0.3, 0.3))]),
        shape_layer("Label Matte", 3, td=1, y=440, shapes=[rect_group("Matte Bar", (300, 40))]),
        shape_layer("Label", 4, tt=2, tp=3, y=440, shapes=[rect_group("Label Fill", (400, 60), (0.9, 0.9, 0.9))]),
        shape_layer("Background", 5, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])])
    doc["v"] = "5.12.1"
    write_json(C("04-track-matte"), doc)

    # A text layer with its font listed.
    doc = base(nm="Title Card", layers=[text_layer("Title", 1, "Roboto-Bold", "Welcome"),
                                        shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480), (0.95, 0.95, 0.95))])],
               fonts={"list": [font("Roboto-Bold", "Roboto", "Bold"), font("Roboto-Regular", "Roboto", "Regular")]})
    write_json(C("05-text-font"), doc)

    # External images that exist, with the right sizes (PNG and JPEG).
    doc = base(nm="Gallery", layers=[image_layer("Logo", 1, "image_0", x=150), image_layer("Photo", 2, "image_1", x=360),
                                     shape_layer("Background", 3, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])],
               assets=[image_asset("image_0", 64, 64, "img_0.png"), image_asset("image_1", 120, 80, "img_1.jpg")])
    write_json(C("06-external-images"), doc)

    # An embedded PNG.
    doc = base(nm="Sticker", layers=[image_layer("Sticker", 1, "image_0"),
                                     shape_layer("Background", 2, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])],
               assets=[image_asset("image_0", 24, 24, data_uri("image/png", png(24, 24, (255, 200, 0), alpha=True)), u="", e=1)])
    write_json(C("07-embedded-png"), doc)

    # Everything together: a precomp holding an image layer with one mask, a matte pair and a text layer.
    inner = precomp_asset("comp_0", [
        image_layer("Logo", 1, "image_0", hasMask=True, masksProperties=[mask("Mask 1", (-30, -30, 30, 30))]),
        shape_layer("Ring", 2, shapes=[ellipse_group("Ring Shape", 90)])], nm="Logo Lockup")
    doc = base(nm="Splash", layers=[
        precomp_layer("Logo Lockup", 1, "comp_0", y=200),
        text_layer("Tagline", 2, "Roboto-Regular", "Made with care", y=380),
        shape_layer("Shine Matte", 3, td=1, shapes=[rect_group("Shine Bar", (60, 480))]),
        shape_layer("Shine", 4, tt=1, shapes=[rect_group("Shine Fill", (480, 480), (1, 1, 1))]),
        shape_layer("Background", 5, shapes=[rect_group("Panel", (480, 480), (0.1, 0.1, 0.15))])],
        assets=[image_asset("image_0", 64, 64, "img_0.png"), inner],
        fonts={"list": [font("Roboto-Regular", "Roboto", "Regular")]})
    write_json(C("08-combined"), doc)


def main():
    for folder in ("defects", "spec-strict", "controls"):
        shutil.rmtree(os.path.join(HERE, folder), ignore_errors=True)
    syntax_and_structure()
    references()
    images()
    naming_and_budgets()
    markers()
    spec_strict()
    controls()
    with open(os.path.join(HERE, "EXPECTED.tsv"), "w") as f:
        f.write("# file (relative to this folder)\tcode\tJSON pointer where the diagnostic must be (empty: the document)\n")
        for rel, code, pointer in EXPECTED:
            f.write("%s\t%s\t%s\n" % (rel, code, pointer))
        f.write("# Pointers for LK401-LK403, LK501-LK505 and LK601-LK605 were chosen before those rules existed, in the\n"
                "# style of the others (a value for a wrong value, the object for a missing member, the container for a\n"
                "# budget, like LK308's /assets). Settle each one when its rule lands, here and in make_fixtures.py.\n")


if __name__ == "__main__":
    main()
