#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ci/slowest.py - the slowest test suites of a run (ci/check.sh prints
them at its end): each Bats file's time from the JUnit reports the passes
write (bats --report-formatter junit), largest first.

Usage: ci/slowest.py [-n N] PASS=REPORT.xml...
PASS names the pass (plain, asan, valgrind, a QEMU suite).  A report that
is missing or unreadable is said, not skipped silently; no report at all
is an error (exit 1)."""
import argparse
import os
import sys
import xml.etree.ElementTree as ET


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=10, help="how many (default 10)")
    ap.add_argument("reports", nargs="+", metavar="PASS=REPORT.xml")
    a = ap.parse_args()
    rows, read = [], 0
    for spec in a.reports:
        label, sep, path = spec.partition("=")
        if not sep:
            ap.error(f"not PASS=REPORT.xml: {spec}")
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError) as e:
            print(f"slowest: {label}: no report ({path}: {e})")
            continue
        read += 1
        for s in root.iter("testsuite"):
            name = s.get("name", "?")
            # (Bats names a suite by the path it was given: the checkout's
            # own files by their path in it)
            if os.path.isabs(name) and not os.path.relpath(name).startswith(".."):
                name = os.path.relpath(name)
            rows.append((float(s.get("time", "0")), label, name, int(s.get("tests", "0"))))
    if not read:
        print("slowest: no report could be read", file=sys.stderr)
        return 1
    rows.sort(key=lambda r: -r[0])
    print(f"the slowest {min(a.n, len(rows))} of {len(rows)} suites:")
    for t, label, name, tests in rows[: a.n]:
        print(f"  {t:7.1f} s  {label}: {name} ({tests} tests)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
