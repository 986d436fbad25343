#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/report.py OUT - the harness's table, JSON and chart.

Reads OUT/runs/*.json (one per program run, written by harness/run.sh from
the sfr_truth plugin's result) and writes:
  OUT/results.json  every run, and totals per architecture
  OUT/results.md    the table (also printed)
  OUT/results.svg   a bar chart per architecture: of each build's executed
                    instructions, how many unwound fully correct, with only
                    the FP unknown, wrong, or were not covered by SFrame
With --attributions FILE, wrong instructions matching a line of FILE (ARCH
FUNCTION INSTRUCTION-REGEX FINDING) are counted as attributed.  FUNCTION is
the checked instruction's function as objdump names it, a shell pattern
(`*@plt`), NAME@0xADDR (that address of the file) or NAME@0xLO-0xHI (an
address from LO to HI, both included), or a PLT section's name
(.plt, .plt.sec, .plt.got, .iplt: any instruction in that section).
FUNCTION written step:NAME or step:NAME@0xADDR matches the frame whose step
went wrong instead (its function, its return address in its module's
file), INSTRUCTION that frame's instruction: for CFI wrong in one function,
whatever instruction above it was checked.
A run's JSON may hold modules (the program, 0, and each --lib): wrong
records name the module of each instruction, and the table counts the
instructions executed and checked in PLT sections (plt).
Exit 1 when any covered instruction unwound wrong and is not attributed,
else 0.
Only Python's standard library is used.
"""
import fnmatch
import glob
import json
import os
import re
import subprocess
import sys

REAL = {"zround", "lua", "mdbround"}  # programs whose code nobody here wrote
ARCHES = ["x86_64", "aarch64", "s390x"]
PLT_SECTIONS = {".plt", ".plt.sec", ".plt.got", ".iplt"}


def load(out):
    runs = []
    for path in sorted(glob.glob(os.path.join(out, "runs", "*.json"))):
        with open(path) as f:
            runs.append(json.load(f))
    opts = ["O0", "O2", "O2-nofp", "O2-pac"]
    runs.sort(key=lambda r: (ARCHES.index(r["arch"]) if r["arch"] in ARCHES else 9,
                             str(r["producer"]), opts.index(r["opt"]) if r["opt"] in opts else 9,
                             r["program"]))
    return runs


def load_attributions(path):
    rules = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) < 4:
                raise SystemExit("%s:%d: want ARCH FUNCTION REGEX FINDING" % (path, n))
            # the regex may hold single spaces (objdump's text is normalised to them)
            rules.append((parts[0], parts[1], re.compile(" ".join(parts[2:-1])), parts[-1]))
    return rules


def disassembly(elf, objdump, want):
    """{address: (function, instruction text)} for the addresses in want,
    from one objdump pass over elf."""
    found = {}
    try:
        p = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], capture_output=True,
                           text=True, check=False)
    except OSError:
        return found
    func = "?"
    for line in p.stdout.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            func = re.sub(r"\+0x[0-9a-f]+$", "", m.group(2))
            continue
        m = re.match(r"^ *([0-9a-f]+):\t(.*)$", line)
        if m and int(m.group(1), 16) in want:
            found[int(m.group(1), 16)] = (func, re.sub(r"[ \t]+", " ", m.group(2)).strip())
    return found


def module_file(r, m):
    """(ELF, bias) of module m of run r (0: the program; -1: none)."""
    mods = r.get("modules") or []
    if m is None or m == 0 or not mods:
        return r.get("elf"), int(r.get("bias", "0x0"), 16)
    if m < 0 or m >= len(mods):
        return None, 0
    return mods[m].get("path") or r.get("elf"), int(mods[m].get("bias", "0x0"), 16)


def annotate(runs):
    """Name each wrong bucket's instructions: the one checked and the one
    whose frame's step went wrong (attributions match the first), each in
    its own module's file; and the frame instruction of each register
    truth-unknown count."""
    for r in runs:
        records = r["wrongs"] + r.get("register_unknown", [])
        if not records or "elf" not in r:
            continue
        want = {}  # module -> file addresses
        for w in records:
            for key, mkey in (("pc", "module"), ("step_pc", "step_module")):
                if key in w:
                    elf, bias = module_file(r, w.get(mkey, 0))
                    if elf:
                        want.setdefault(w.get(mkey, 0), set()).add(int(w[key], 16) - bias)
        found = {}
        for m, addrs in want.items():
            elf, _ = module_file(r, m)
            found[m] = disassembly(elf, r.get("objdump", "objdump"), addrs)
        for w in records:
            for key, mkey, fk, ik in (("pc", "module", "function", "insn"),
                                      ("step_pc", "step_module", "step_function", "step_insn")):
                if key not in w:
                    continue
                m = w.get(mkey, 0)
                _, bias = module_file(r, m)
                w[fk], w[ik] = found.get(m, {}).get(int(w[key], 16) - bias, ("", ""))


def attribute(runs, rules):
    """Set each run's "attributed" count and each wrong record's finding.
    A rule's FUNCTION may name an address, NAME@0xADDR (the file's address,
    before the load bias): for a stripped program, whose functions objdump
    can only call by their section's name."""
    for r in runs:
        r["attributed"] = 0
        for w in r["wrongs"]:
            _, bias = module_file(r, w.get("module", 0))
            _, step_bias = module_file(r, w.get("step_module", 0))
            for arch, func, insn, finding in rules:
                step = func.startswith("step:")
                if step:
                    func = func[5:]
                pc, b, fk, ik = ("step_pc", step_bias, "step_function", "step_insn") if step else \
                    ("pc", bias, "function", "insn")
                m = re.match(r"^(.*)@(0x[0-9a-fA-F]+)(?:-(0x[0-9a-fA-F]+))?$", func)
                name, lo, hi = (m.group(1), int(m.group(2), 16), int(m.group(3) or m.group(2), 16)) \
                    if m else (func, None, None)
                if lo is not None and (pc not in w or not lo <= int(w[pc], 16) - b <= hi):
                    continue
                if name in PLT_SECTIONS and not step:
                    named = w.get("plt") == name
                else:
                    named = fnmatch.fnmatchcase(w.get(fk, ""), name)
                if fnmatch.fnmatchcase(r["arch"], arch) and named and insn.search(w.get(ik, "")):
                    w["finding"] = finding
                    r["attributed"] += w["count"]
                    break
        if r.get("wrong_kinds_dropped"):
            r["attributed"] = 0  # records were dropped: nothing can be vouched for


def pct(a, b):
    return "-" if b == 0 else "%.4f%%" % (100.0 * a / b)


def table(runs):
    head = ("| arch | producer | SFrame | opt | program | exit | executed | covered (checked) "
            "| fully correct | FP unknown | wrong (buckets) | truth unknown | not covered | frames checked "
            "| PLT executed/checked | first wrong |")
    rows = [head, "|" + "---|" * 16]
    for r in runs:
        first = ""
        if r["wrongs"]:
            w = r["wrongs"][0]
            first = "%s%s frame %d: %s%s" % (
                w["pc"], " (%s: %s)" % (w["function"], w.get("insn", "")) if w.get("function") else "",
                w["frame"], w["why"], "; attributed: " + w["finding"] if w.get("finding") else "")
        ex = r.get("exit", 0)
        exit_text = str(ex) if ex == r.get("expect_exit", 0) else "**%s** (want %s)" % (ex, r.get("expect_exit", 0))
        rows.append("| %s | %s | %s | %s | %s | %s | %d | %d | %d (%s) | %d | %d (%d) | %d | %d | %d | %s | %s |" % (
            r["arch"], r["producer"], "v%s" % r["version"] if r["version"] else "-", r["opt"],
            r["program"], exit_text, r["executed"], r["checked"], r["correct"],
            pct(r["correct"], r["checked"]), r["fp_unknown"], r["wrong"], len(r["wrongs"]),
            unknown(r), r["not_covered"], r["frames_checked"], plt_text(r.get("plt")), first))
    return "\n".join(rows)


def plt_text(p):
    """PLT executed/checked (and wrong, when any): "-" when not counted."""
    if not p:
        return "-"
    return "%d/%d%s" % (p["executed"], p["checked"], ", %d wrong" % p["wrong"] if p["wrong"] else "")


def modules_table(runs):
    """The runs with shared objects (--lib): each module's counts."""
    rows = ["| run | module | bias | executed | checked | fully correct | wrong | not covered "
            "| PLT executed/checked | PLT sections (executed/checked/wrong) |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    n = 0
    for r in runs:
        mods = r.get("modules") or []
        if len(mods) < 2:
            continue
        for m in mods:
            n += 1
            secs = ", ".join("%s %d/%d/%d" % (k, v["executed"], v["checked"], v["wrong"])
                             for k, v in sorted(m.get("plt", {}).get("sections", {}).items()))
            rows.append("| %s %s | %s%s | %s | %d | %d | %d | %d | %d | %s | %s |" % (
                r["arch"], r["program"], os.path.basename(m.get("path") or r.get("elf", "program")),
                "" if m.get("loaded", True) else " (**never loaded**)", m.get("bias", "-"),
                m["executed"], m["checked"], m["correct"], m["wrong"], m["not_covered"],
                plt_text(m.get("plt")), secs or "-"))
    return n, "\n".join(rows)


def unknown(r):
    return sum(r.get("truth_unknown", {}).values())


def buckets(runs):
    """Every wrong bucket of every run: where, what, how many."""
    rows = ["| run | instructions | checked at | frame | frame whose step went wrong | what | its rule | finding |",
            "|---|---|---|---|---|---|---|---|"]
    n = 0
    for r in runs:
        for w in r["wrongs"]:
            n += 1
            frames = str(w["frame"]) if w.get("frame_max", w["frame"]) == w["frame"] else "%d-%d" % (
                w["frame"], w["frame_max"])
            rows.append("| %s | %d | %s `%s` (%s) | %s | %s (%s) | %s | %s | %s |" % (
                "%s %s %s %s" % (r["arch"], r["producer"], r["opt"], r["program"]), w["count"],
                w.get("function", ""), w.get("insn", ""), w["pc"], frames, w.get("step_function", ""),
                w.get("step_pc", ""), w["why"], w.get("rule", ""), w.get("finding", "**none**")))
    return n, "\n".join(rows)


def totals(runs):
    t = {}
    for r in runs:
        a = t.setdefault(r["arch"], {"executed": 0, "checked": 0, "checked_real": 0, "correct": 0,
                                      "fp_unknown": 0, "wrong": 0, "attributed": 0, "not_covered": 0,
                                      "frames_checked": 0, "seconds": 0.0, "runs": 0,
                                      "plt_executed": 0, "plt_checked": 0, "plt_wrong": 0})
        for k in ("executed", "checked", "correct", "fp_unknown", "wrong", "attributed",
                  "not_covered", "frames_checked"):
            a[k] += r[k]
        p = r.get("plt") or {}
        for k in ("executed", "checked", "wrong"):
            a["plt_" + k] += p.get(k, 0)
        if r["program"] in REAL:
            a["checked_real"] += r["checked"]
        a["seconds"] += r.get("seconds", 0.0)
        a["runs"] += 1
    return t


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chart(runs, path):
    """Horizontal stacked bars, one per program (its builds summed: every
    producer and option set), grouped by architecture; each bar is 100% of
    the instructions executed."""
    colors = [("correct", "#2e7d32", "fully correct"), ("fp_unknown", "#f9a825", "FP unknown"),
              ("wrong", "#c62828", "wrong"), ("unknown", "#7b1fa2", "truth unknown (other stack)"),
              ("not_covered", "#9e9e9e", "not covered by SFrame")]
    builds = {}
    for r in runs:
        key = (r["arch"], r["program"])
        b = builds.setdefault(key, {c[0]: 0 for c in colors} | {"executed": 0, "attributed": 0, "n": 0})
        b["n"] += 1
        for c in colors:
            b[c[0]] += unknown(r) if c[0] == "unknown" else r[c[0]]
        b["executed"] += r["executed"]
        b["attributed"] += r.get("attributed", 0)
    progs = ["zround", "lua", "mdbround", "frames", "nestjmp", "sigjmp", "threads", "coro", "deep"]
    order = sorted(builds, key=lambda k: (ARCHES.index(k[0]) if k[0] in ARCHES else 9,
                                          progs.index(k[1]) if k[1] in progs else 99, k[1]))
    left, width, bar, gap = 230, 560, 16, 6
    y = 56
    parts = []
    last_arch = None
    for key in order:
        arch, prog = key
        if arch != last_arch:
            y += 14
            parts.append('<text x="10" y="%d" font-weight="bold">%s</text>' % (y, esc(arch)))
            y += 10
            last_arch = arch
        b = builds[key]
        label = "%s%s (%d build%s)" % (prog, " [real]" if prog in REAL else "", b["n"],
                                       "" if b["n"] == 1 else "s")
        parts.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 8, y + 12, esc(label)))
        x = float(left)
        total = max(b["executed"], 1)
        for name, color, title in colors:
            w = width * b[name] / total
            if b[name] and w < 1:
                w = 1.0  # a wrong instruction must be visible however rare
            if w > 0:
                parts.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %d of %d</title></rect>'
                             % (x, y, w, bar, color, esc(title), b[name], b["executed"]))
                x += w
        checked = b["correct"] + b["fp_unknown"] + b["wrong"]
        parts.append('<text x="%d" y="%d">%s checked, %s</text>' % (
            left + width + 8, y + 12, "{:,}".format(checked),
            "all correct" if b["wrong"] == 0 else "%d wrong (%d attributed)" % (b["wrong"], b["attributed"])))
        y += bar + gap
    legend = []
    lx = left
    for name, color, title in colors:
        legend.append('<rect x="%d" y="30" width="12" height="12" fill="%s"/><text x="%d" y="41">%s</text>'
                      % (lx, color, lx + 16, esc(title)))
        lx += 30 + 8 * len(title)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
           '<rect width="100%%" height="100%%" fill="white"/>'
           '<text x="10" y="18" font-size="14" font-weight="bold">SFrame unwinding checked against execution '
           '(sfr_truth under QEMU): share of executed instructions</text>%s%s</svg>\n'
           % (left + width + 300, y + 20, "".join(legend), "".join(parts)))
    with open(path, "w") as f:
        f.write(svg)


def main():
    args = sys.argv[1:]
    rules = []
    if len(args) == 3 and args[0] == "--attributions":
        rules = load_attributions(args[1])
        args = args[2:]
    if len(args) != 1:
        print("usage: report.py [--attributions FILE] OUT", file=sys.stderr)
        return 2
    out = args[0]
    runs = load(out)
    annotate(runs)
    attribute(runs, rules)
    if not runs:
        print("harness: no runs in %s/runs" % out, file=sys.stderr)
        return 2
    t = totals(runs)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"schema": "sframe-conformance/harness-results/1", "runs": runs, "totals": t}, f,
                  indent=1)
    lines = [table(runs), "", "| arch | runs | executed | checked | in real libraries | fully correct "
             "| FP unknown | wrong (attributed) | seconds | PLT executed/checked |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for arch in sorted(t, key=lambda a: ARCHES.index(a) if a in ARCHES else 9):
        a = t[arch]
        lines.append("| %s | %d | %d | %d | %d | %d (%s) | %d | %d (%d) | %.1f | %s |" % (
            arch, a["runs"], a["executed"], a["checked"], a["checked_real"], a["correct"],
            pct(a["correct"], a["checked"]), a["fp_unknown"], a["wrong"], a["attributed"],
            a["seconds"], plt_text({"executed": a["plt_executed"], "checked": a["plt_checked"],
                                    "wrong": a["plt_wrong"]})))
    nm, mtable = modules_table(runs)
    if nm:
        lines += ["", "Modules (the program and each shared object given with --lib), each frame "
                  "unwound with its own module's section:", "", mtable]
    nb, btable = buckets(runs)
    if nb:
        lines += ["", "Wrong unwinds, %d buckets (instruction checked, frame whose step went wrong, "
                  "what went wrong), each counted; none dropped:" % nb, "", btable]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(text)
    chart(runs, os.path.join(out, "results.svg"))
    print(text, end="")
    wrong = sum(a["wrong"] for a in t.values())
    unattributed = wrong - sum(a["attributed"] for a in t.values())
    print("harness: %d checked instructions, %d wrong, %d of them not attributed; %s/results.{md,json,svg}"
          % (sum(a["checked"] for a in t.values()), wrong, unattributed, out))
    return 1 if unattributed else 0


if __name__ == "__main__":
    sys.exit(main())
