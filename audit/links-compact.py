#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""audit/links-compact.py - writes audit/links.tsv from measure-links.sh's
raw rows: one link record per situation for all architectures (the outcome
is the same on each: the records say so, or this fails), each
architecture's output verdict and kernel refusals in a cell, the refusal
sets written once each as refusals records.

Usage: links-compact.py RAW DATE > links.tsv
RAW: tab-separated rows ARCH LINKER MODE INPUTS EMPTY NOSF OUTCOME VALID
KERNEL [DETAIL], the first row of a situation on an architecture kept.
Only Python's standard library is used.
"""
import sys

ARCHES = ["x86_64", "aarch64", "s390x"]


def read_rows(path):
    """{(linker, mode, inputs, empty, nosf): {arch: (outcome, valid, kernel)}} in first-seen order."""
    sits = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            c = line.rstrip("\n").split("\t")
            if len(c) < 9 or c[0] not in ARCHES:
                sys.exit("links-compact: %s:%d: not a raw row" % (path, n))
            cells = sits.setdefault(tuple(c[1:6]), {})
            cells.setdefault(c[0], (c[6], c[7], c[8]))
    return sits


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: links-compact.py RAW DATE")
    sits = read_rows(sys.argv[1])
    sets = []
    out = []
    for key, cells in sits.items():
        outcomes = {o for o, _, _ in cells.values()}
        if len(outcomes) != 1:
            sys.exit("links-compact: %s: outcomes differ by architecture (%s): the table cannot hold that"
                     % (" ".join(key), ", ".join("%s %s" % (a, cells[a][0]) for a in sorted(cells))))
        row = ["link", *key, outcomes.pop()]
        for a in ARCHES:
            if a not in cells:
                row.append(".")
                continue
            _, valid, kernel = cells[a]
            if kernel in ("", "-"):
                ref = "-"
            else:
                if kernel not in sets:
                    sets.append(kernel)
                ref = str(sets.index(kernel) + 1)
            row.append("%s/%s" % (valid, ref))
        out.append(row)
    w = sys.stdout.write
    w("# audit/links.tsv - what each linker makes of a link's .sframe sections, measured by\n")
    w("# audit/measure-links.sh (%s; the linkers of build/producers/tc/TOOLS.tsv).\n" % sys.argv[2])
    w("# sfaudit predicts a link's outcome by its rules (audit/audit_rules.c) and takes the output's\n")
    w("# verdict and kernel refusals from here; sfaudit --check-links holds the rules to these rows.\n")
    w("# Records (tab-separated):\n")
    w("#   refusals ID SET   the kernel generations that refuse an output, each with its rule\n")
    w("#   link LINKER MODE INPUTS EMPTY NOSF OUTCOME X86_64 AARCH64 S390X\n")
    w("#     MODE     static, gc (--gc-sections), kernel (a script that does not place .sframe)\n")
    w("#     INPUTS   kinds of the .sframe sections with functions (version + s: SHT_GNU_SFRAME,\n")
    w("#              p: SHT_PROGBITS, '+'-joined), or -; EMPTY: those with none (a header alone)\n")
    w("#     NOSF     1 when objects with CFI and no .sframe are mixed in\n")
    w("#     OUTCOME  K merged, P merged with functions lost, C concatenated, S split in two sections,\n")
    w("#              E emptied (0 bytes), D dropped (no .sframe), R link refused, N no .sframe input\n")
    w("#     ARCH     VERDICT/REFUSALS on that architecture: the output's .sframe by the oracle\n")
    w("#              (valid, questionable, invalid, malformed; - none) and a refusals ID (- none);\n")
    w("#              . not measured there\n")
    for i, s in enumerate(sets, 1):
        w("refusals\t%d\t%s\n" % (i, s))
    for row in out:
        w("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
