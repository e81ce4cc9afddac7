#!/usr/bin/python3
"""Write the bad-input fixtures: files a scan must reject cleanly, not crash on.

    /usr/bin/python3 Tests/StampKitTests/Fixtures/bad/make_bad.py

Standard library only. Deterministic: re-running gives the same bytes
(truncated.jpg follows Samples/stamps/kef-entry.jpg, so regenerate the samples first).
"""

import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
SOURCE_JPEG = os.path.join(REPO, "Samples", "stamps", "kef-entry.jpg")

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    """One PNG chunk: length, type, data, CRC over type + data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def ihdr(width, height, bit_depth, colour_type):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def write_bomb(name, side=30000):
    """A valid 1-bit greyscale PNG of side×side white pixels, streamed.

    Decoded it needs side*side/8 bytes at 1 bit (112 MB) and far more once a
    reader expands it to 8 or 32 bits per pixel (900 MB / 3.6 GB), while the
    file stays ~110 KB because every row is the same.
    """
    row = b"\x00" + b"\xff" * ((side + 7) // 8)  # filter type None, then the packed bits
    compressor = zlib.compressobj(9)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(PNG_SIGNATURE)
        f.write(ihdr(side, side, 1, 0))
        pending = b""
        for _ in range(side):
            pending += compressor.compress(row)
            if len(pending) >= 65536:
                f.write(chunk(b"IDAT", pending))
                pending = b""
        pending += compressor.flush()
        f.write(chunk(b"IDAT", pending))
        f.write(chunk(b"IEND", b""))


def main():
    write("empty.jpg", b"")

    with open(SOURCE_JPEG, "rb") as f:
        jpeg = f.read()
    write("truncated.jpg", jpeg[: int(len(jpeg) * 0.35)])

    write("text.jpg", b"This is not a picture of a passport stamp.\n"
                      b"It is a plain text file that happens to be named text.jpg.\n")

    write_bomb("bomb.png")

    rng = random.Random(20240601)
    write("corrupt.png", PNG_SIGNATURE + ihdr(640, 480, 8, 2) + rng.randbytes(2048))

    for name in ("empty.jpg", "truncated.jpg", "text.jpg", "bomb.png", "corrupt.png"):
        print("%-14s %8d bytes" % (name, os.path.getsize(os.path.join(HERE, name))))


if __name__ == "__main__":
    main()
