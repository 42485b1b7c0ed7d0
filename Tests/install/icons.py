"""icons.py HICOLOR ID: the app's icon in the hicolor theme at every size Slate installs — a PNG of
that many pixels a side, not blank, its corners clear (the icon's margin), its centre opaque — and
as an SVG of vector shapes (a path with a gradient), square."""
import struct
import sys
import xml.etree.ElementTree as ElementTree
import zlib

SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
hicolor, identifier = sys.argv[1], sys.argv[2]
problems = []


def rgba_rows(path):
    """The PNG's pixels as rows of (r, g, b, a) — 8-bit RGBA, as Cairo writes it."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert (depth, colour, interlace) == (8, 6, 0), f"not 8-bit RGBA: {header}"
    raw, stride, rows, previous = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up, corner = previous[x], previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[i : i + 4]) for i in range(0, stride, 4)])
        previous = line
    return width, height, rows


for size in SIZES:
    path = f"{hicolor}/{size}x{size}/apps/{identifier}.png"
    try:
        width, height, rows = rgba_rows(path)
    except Exception as error:
        problems.append(f"{path}: {error}")
        continue
    if (width, height) != (size, size):
        problems.append(f"{path}: {width}×{height}, not {size}×{size}")
        continue
    # Clear but for the last of the shadow, 1/255 at 16 pixels.
    if rows[0][0][3] > 2 or rows[-1][-1][3] > 2:
        problems.append(f"{path}: a corner is not clear")
    if rows[size // 2][size // 2][3] != 255:
        problems.append(f"{path}: the centre is not opaque")

svg_path = f"{hicolor}/scalable/apps/{identifier}.svg"
try:
    svg = ElementTree.parse(svg_path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    if svg.tag != ns + "svg":
        problems.append(f"{svg_path}: no <svg>")
    elif svg.get("width") != svg.get("height") or not svg.get("width"):
        problems.append(f"{svg_path}: not square ({svg.get('width')} × {svg.get('height')})")
    if not svg.findall(f".//{ns}linearGradient") or not svg.findall(f".//{ns}path"):
        problems.append(f"{svg_path}: no gradient or no path: not the drawing of the icon")
except ElementTree.ParseError as error:
    problems.append(f"{svg_path}: {error}")

for p in problems:
    print(f"     {p}")
sys.exit(1 if problems else 0)
