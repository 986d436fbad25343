#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mutate-cfa.py ELF SYMBOL DELTA OUT - copy ELF to OUT with one CFA offset
of its SFrame version 3 section changed: the first row with data words of
the function SYMBOL (a dynamic or static symbol; `nm`'s address) gets DELTA
added to its CFA word.  A test aid for the harness: an unwind that reads the
broken row must be caught, in that function.  Prints the row it changed."""
import struct
import subprocess
import sys


def sections(path):
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 6 and parts[0].startswith("[") and parts[1] == ".sframe":
            return int(parts[3], 16), int(parts[4], 16), int(parts[5], 16)
    raise SystemExit("mutate-cfa: no .sframe in %s" % path)


def symbol(path, name):
    for opt in (["-D"], []):
        out = subprocess.run(["nm"] + opt + [path], capture_output=True, text=True).stdout
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[2].split("@")[0] == name and p[1] in "TtWi":
                return int(p[0], 16)
    raise SystemExit("mutate-cfa: no symbol %s in %s" % (name, path))


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    path, name, delta, out = sys.argv[1], sys.argv[2], int(sys.argv[3], 0), sys.argv[4]
    addr, off, size = sections(path)
    data = bytearray(open(path, "rb").read())
    sec = data[off:off + size]
    magic, version, flags, abi, _, _, aux, nfdes, nfres, frelen, fdeoff, freoff = struct.unpack_from("<HBBBbbBIIIII", sec, 0)
    if magic != 0xdee2 or version != 3:
        raise SystemExit("mutate-cfa: not a little-endian SFrame version 3 section")
    hdr = 28 + aux
    want = symbol(path, name)
    for i in range(nfdes):
        e = hdr + fdeoff + 16 * i
        start_off, fsize, fre_off = struct.unpack_from("<qII", sec, e)
        start = addr + e + start_off
        if start != want:
            continue
        a = hdr + freoff + fre_off
        num, info, info2, rep = struct.unpack_from("<HBBB", sec, a)
        asz = 1 << (info & 0xf)
        pos = a + 5
        for j in range(num):
            finfo = sec[pos + asz]
            count, wsz = (finfo >> 1) & 0xf, 1 << ((finfo >> 5) & 3)
            if count:
                w = pos + asz + 1
                fmt = {1: "<b", 2: "<h", 4: "<i"}[wsz]
                (v,) = struct.unpack_from(fmt, sec, w)
                struct.pack_into(fmt, data, off + w, v + delta)
                open(out, "wb").write(data)
                print("%s at 0x%x: row %d, CFA offset %d -> %d" % (name, start, j, v, v + delta))
                return
            pos += asz + 1 + count * wsz
        raise SystemExit("mutate-cfa: %s has no row with data words" % name)
    raise SystemExit("mutate-cfa: no FDE starts at %s (0x%x)" % (name, want))


main()
