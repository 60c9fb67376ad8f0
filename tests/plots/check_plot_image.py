#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Checks a picture that `schedscope plot` drew.

    check_plot_image.py png FILE
        FILE has the PNG signature and an IHDR chunk of 1000x600.
    check_plot_image.py svg FILE [TEXT...]
        FILE parses as XML with an <svg> root, and each TEXT (the settings'
        names) stands in it verbatim (no enhanced-text subscripts).

Prints what is wrong and exits 1; prints nothing and exits 0 when the
picture is right. Called by tests/plots/run.
"""
import struct
import sys
import xml.etree.ElementTree as ET


def die(msg):
    print(msg)
    sys.exit(1)


def png(path, width, height):
    with open(path, "rb") as f:
        head = f.read(33)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        die("%s: no PNG signature" % path)
    length, kind = struct.unpack(">I4s", head[8:16])
    if kind != b"IHDR" or length != 13:
        die("%s: first chunk is %r, not IHDR" % (path, kind))
    w, h = struct.unpack(">II", head[16:24])
    if (w, h) != (width, height):
        die("%s: %dx%d, not %dx%d" % (path, w, h, width, height))


def svg(path, *names):
    root = ET.parse(path).getroot()
    if root.tag not in ("svg", "{http://www.w3.org/2000/svg}svg"):
        die("%s: root is %s, not svg" % (path, root.tag))
    text = " ".join(t for t in root.itertext())
    for n in names:
        if n not in text:
            die("%s: no text %r in it" % (path, n))


if len(sys.argv) == 3 and sys.argv[1] == "png":
    png(sys.argv[2], 1000, 600)
elif len(sys.argv) >= 3 and sys.argv[1] == "svg":
    svg(*sys.argv[2:])
else:
    die("usage: check_plot_image.py png FILE | svg FILE [TEXT...]")
