#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/shipped-report.py OUT TOP: the report of a `make shipped` run.

Reads OUT/runs/ARCH-NAME/results.json (the harness's report of each run:
its counts, wrongs named and attributed), OUT/runs/
ARCH-NAME.skipped (what the converter left out per module) and
TOP/DEBARCH/pkgs/VERSIONS; writes OUT/results.md (per workload, per module,
truth unknown by reason, functions left out by reason, package versions),
OUT/results.json (the totals) and OUT/results.svg (checked instructions per
workload and architecture, wrong and truth unknown marked), and prints the
table and a summary line.  Exit 1 when no run left a result.
"""
import glob
import json
import os
import sys
from collections import Counter

DEBARCH = {"x86_64": "amd64", "aarch64": "arm64", "s390x": "s390x"}


def short(path, top):
    if not path:
        return "(the program)"
    i = path.find("/root/")
    return path[i + 5:] if i >= 0 else os.path.basename(path)


def load(out):
    runs = []
    for path in sorted(glob.glob(os.path.join(out, "runs", "*", "results.json"))):
        run = path.split(os.sep)[-2]
        arch, _, name = run.partition("-")
        if arch not in DEBARCH or not name:
            continue  # the speed reference, or not this layout's
        with open(path) as f:
            j = json.load(f)["runs"][0]  # the harness's report: wrongs named and attributed
        skipped = Counter()
        sk = os.path.join(out, "runs", run + ".skipped")
        if os.path.exists(sk):
            for line in open(sk):
                for kv in line.split()[1:]:
                    k, _, v = kv.partition("=")
                    skipped[k] += int(v or 0)
        runs.append((arch, name, j, skipped))
    return runs


def reference(out):
    """The speed reference's checked instructions a second (bash-static
    under the same harness in the same run), or None."""
    for path in glob.glob(os.path.join(out, "runs", "reference", "results.json")):
        with open(path) as f:
            j = json.load(f)["runs"][0]
        if j.get("seconds"):
            return j.get("checked", 0) / j["seconds"]
    return None


def chart(runs, path):
    """Horizontal bars: checked instructions per run, scaled to the largest;
    wrong (red while any is not attributed) and truth unknown printed."""
    w, bar_h, left = 900, 18, 170
    h = 40 + bar_h * len(runs) + 30
    top_val = max([j.get("checked", 0) for _, _, j, _ in runs] + [1])
    colours = {"x86_64": "#4e79a7", "aarch64": "#59a14f", "s390x": "#f28e2b"}
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (w, h),
         '<text x="10" y="20" font-size="14">make shipped: instructions checked per program (bar), wrong and truth unknown</text>']
    for i, (arch, name, j, _) in enumerate(runs):
        y = 35 + i * bar_h
        bw = (w - left - 200) * j.get("checked", 0) / top_val
        tu = sum(j.get("truth_unknown", {}).values())
        s.append('<text x="10" y="%d">%s %s</text>' % (y + 13, arch, name))
        s.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>' % (left, y + 2, bw, bar_h - 4, colours.get(arch, "#888")))
        open_wrong = j.get("wrong", 0) - j.get("attributed", 0)
        s.append('<text x="%.1f" y="%d">%.2fM checked, <tspan fill="%s">%d wrong (%d attributed)</tspan>, %d unknown</text>'
                 % (left + bw + 6, y + 13, j.get("checked", 0) / 1e6, "#c00" if open_wrong else "#000",
                    j.get("wrong", 0), j.get("attributed", 0), tu))
    s.append('<text x="10" y="%d" fill="#555">colour: architecture (blue x86-64, green AArch64, orange s390x)</text>' % (h - 10))
    s.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(s) + "\n")


def main():
    out, top = sys.argv[1], sys.argv[2]
    runs = load(out)
    if not runs:
        print("shipped: no run left a result", file=sys.stderr)
        return 1
    tot = Counter()
    unknown = Counter()
    left_out = Counter()
    rows, mods = [], []
    reg_at = Counter()  # (arch, module, function) -> register truth-unknown count
    for arch, name, j, skipped in runs:
        mlist = j.get("modules", [])
        for r in j.get("register_unknown", []):
            m = r.get("step_module", -1)
            mod = short(mlist[m].get("path"), top) if 0 <= m < len(mlist) else "?"
            reg_at[(arch, mod, r.get("step_function") or r.get("step_pc"))] += r.get("count", 0)
        att = j.get("attributed", 0)
        tu = j.get("truth_unknown", {})
        secs = j.get("seconds", 0) or 0
        rows.append("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %.0f |" % (
            arch, name, j.get("exit", -1), j.get("executed", 0), j.get("checked", 0), j.get("wrong", 0), att,
            tu.get("other_stack", 0), tu.get("register", 0), j.get("not_covered", 0),
            j.get("checked", 0) / secs if secs else 0))
        for k in ("executed", "checked", "wrong", "not_covered", "threads", "nonlocal_exits", "signal_frames"):
            tot[k] += j.get(k, 0) or 0
        tot["attributed"] += att
        tot["seconds"] += secs
        for k, v in tu.items():
            unknown[k] += v
        left_out.update(skipped)
        for m in j.get("modules", []):
            mods.append("| %s | %s | %s | %d | %d | %d | %d | %d | %d |" % (
                arch, name, short(m.get("path"), top), m.get("executed", 0), m.get("checked", 0),
                m.get("wrong", 0), m.get("other_stack", 0), m.get("reg_unknown", 0), m.get("not_covered", 0)))
    versions = []
    for arch in sorted({r[0] for r in runs}):
        vf = os.path.join(top, DEBARCH[arch], "pkgs", "VERSIONS")
        if os.path.exists(vf):
            versions.append("%s: %s" % (DEBARCH[arch], ", ".join(l.strip().replace(" ", " ") for l in open(vf))))
    tu_total = sum(unknown.values())
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write("| arch | workload | exit | executed | checked | wrong | attributed | unknown: other stack | unknown: register | not covered | checked/s |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n")
        f.write("Truth unknown by reason: %s (%.4f%% of checked)\n\n" % (
            ", ".join("%s %d" % kv for kv in sorted(unknown.items())) or "none",
            100.0 * tu_total / tot["checked"] if tot["checked"] else 0))
        if reg_at:
            f.write("Truth unknown (register), by the function whose frame needed a register SFrame "
                    "does not give below the top (SPEC-NOTES N36):\n\n| arch | module | function | instructions |\n"
                    "|---|---|---|---|\n")
            for (a, mod, fn), n in sorted(reg_at.items(), key=lambda kv: -kv[1]):
                f.write("| %s | %s | %s | %d |\n" % (a, mod, fn, n))
            f.write("\n")
        f.write("Functions the converter left out, by reason (over the modules of every run): %s\n\n" % (
            ", ".join("%s %d" % kv for kv in sorted(left_out.items())) or "none"))
        f.write("| arch | workload | module | executed | checked | wrong | unknown: other stack | unknown: register | not covered |\n")
        f.write("|---|---|---|---|---|---|---|---|---|\n" + "\n".join(mods) + "\n\n")
        f.write("Packages (bookworm):\n\n" + "\n\n".join(versions) + "\n")
    summary = {"totals": dict(tot), "truth_unknown": dict(unknown), "left_out": dict(left_out),
               "workloads": len(runs), "architectures": sorted({r[0] for r in runs})}
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(summary, f, indent=1)
    chart(runs, os.path.join(out, "results.svg"))
    print(open(os.path.join(out, "results.md")).read())
    ref = reference(out)
    x86 = [j for a, _, j, _ in runs if a == "x86_64"]
    x86_rate = sum(j.get("checked", 0) for j in x86) / max(sum(j.get("seconds", 0) or 0 for j in x86), 1e-9)
    if ref and x86:
        summary["speed"] = {"x86_64_checked_per_second": x86_rate, "static_reference_per_second": ref,
                            "ratio": x86_rate / ref}
        with open(os.path.join(out, "results.json"), "w") as f:
            json.dump(summary, f, indent=1)
        print("speed: the shipped programs on x86-64 %.0f checked instructions a second, a static program "
              "(Debian's bash-static) under the same harness in this run %.0f: ratio %.2f"
              % (x86_rate, ref, x86_rate / ref))
    print("shipped: %d workloads on %s, %d instructions executed, %d checked (%.0f a second), %d wrong "
          "(%d attributed), %d truth unknown, %d not covered" % (
              len(runs), " ".join(summary["architectures"]), tot["executed"], tot["checked"],
              tot["checked"] / tot["seconds"] if tot["seconds"] else 0, tot["wrong"], tot["attributed"],
              tu_total, tot["not_covered"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
