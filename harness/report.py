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
FUNCTION written cfi:HASH+0xOFF (cfi:HASH+0xLO-0xHI: an offset from LO to
HI; cfi:HASH: any) names a function by what its code is, not where it sits,
so one line carries from one binary to another (a shared library and the
same code linked statically, a stripped program): HASH is the first 12 hex
digits of the SHA-256 of the canonical text of the FDE covering the
instruction (.eh_frame's, else .debug_frame's, as `readelf
--debug-dump=frames-interp` of the module's file interprets it):
  LEN;OFF:CFA,RA,FP;OFF:CFA,RA,FP;...
in hex, LEN the FDE's length, then each row whose CFA, return-address or
frame-pointer (rbp, x29, r11) rule differs from the row before, at its
offset from the FDE's start, the rules as readelf writes them (r15+160,
c-48, u); OFF is the instruction's offset from the FDE's start.  Neither
depends on the load address, PIC or not, or symbols.  step:cfi:... matches
the frame whose step went wrong.  A function whose CFI is only its CIE's
(a leaf) shares its HASH with every leaf of its length: INSTRUCTION must
tell them apart.  Each wrong record gets `signature` (and `step_signature`)
and the canonical text (`cfi`, `step_cfi`) in results.json, and every one
not attributed is printed after the table as a line in this form, FINDING
for the user to fill in.
A run's JSON may hold modules (the program, 0, and each --lib): wrong
records name the module of each instruction, and the table counts the
instructions executed and checked in PLT sections (plt).
Exit 1 when any covered instruction unwound wrong and is not attributed,
else 0.
Only Python's standard library is used.
"""
import fnmatch
import glob
import hashlib
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


# The frame-pointer register's column in readelf's interpreted CFI (the
# return address is its "ra" column on every architecture).
FP_COLUMN = {"x86_64": "rbp", "aarch64": "x29", "s390x": "r11"}


def frame_table(elf, readelf, arch):
    """[(lo, hi, canonical CFI text)] of elf's FDEs (.eh_frame's first, then
    .debug_frame's), from one `readelf --debug-dump=frames-interp` pass.
    The canonical text is where the function's unwind rules change and to
    what, with nothing of where it sits: LEN;OFF:CFA,RA,FP;... (hex, each
    row's offset from the FDE's start; only rows whose CFA, RA or FP rule
    differs from the row before; a column readelf does not print is "u")."""
    fdes = []
    try:
        p = subprocess.run([readelf, "--debug-dump=frames-interp", elf], capture_output=True,
                           text=True, check=False)
    except OSError:
        return fdes
    fp = FP_COLUMN.get(arch, "")
    section, cur, cols, rows = "", None, [], []

    def done():
        if cur is None:
            return
        canon, last = ["%x" % (cur[1] - cur[0])], None
        for off, rule in rows:
            if rule != last:
                canon.append("%x:%s" % (off, ",".join(rule)))
            last = rule
        fdes.append((section != ".eh_frame", cur[0], cur[1], ";".join(canon)))

    for line in p.stdout.splitlines():
        m = re.match(r"^Contents of the (\S+) section", line)
        if m:
            done()
            section, cur = m.group(1), None
            continue
        m = re.match(r"^[0-9a-f]+ [0-9a-f]+ [0-9a-f]+ (FDE cie=[0-9a-f]+ pc=([0-9a-f]+)\.\.([0-9a-f]+)|CIE|ZERO)",
                     line)
        if m:
            done()
            cur, rows = (int(m.group(2), 16), int(m.group(3), 16)) if m.group(2) else None, []
            continue
        if cur is None:
            continue
        m = re.match(r"^ +LOC +CFA +(.*)$", line)
        if m:
            cols = m.group(1).split()
            continue
        m = re.match(r"^([0-9a-f]+) +(\S+) *(.*)$", line)
        if m:
            vals = dict(zip(cols, m.group(3).split()))
            rule = (m.group(2), vals.get("ra", "u"), vals.get(fp, "u"))
            off = int(m.group(1), 16) - cur[0]
            if rows and rows[-1][0] == off:
                rows[-1] = (off, rule)
            else:
                rows.append((off, rule))
    done()
    fdes.sort()  # .eh_frame's before .debug_frame's
    return [(lo, hi, canon) for _, lo, hi, canon in fdes]


def cfi_signature(fdes, addr):
    """("cfi:HASH+0xOFF", canonical text) of the FDE covering file address
    addr, or (None, None).  HASH is the first 12 hex digits of the SHA-256 of
    the canonical text (frame_table), OFF addr's offset from the FDE's start:
    the same in every binary linking the same compiled function, wherever
    it sits."""
    for lo, hi, canon in fdes:
        if lo <= addr < hi:
            return ("cfi:%s+%#x" % (hashlib.sha256(canon.encode()).hexdigest()[:12], addr - lo),
                    canon)
    return None, None


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
        found, fdes = {}, {}
        objdump = r.get("objdump", "objdump")
        readelf = re.sub(r"objdump$", "readelf", objdump) if objdump.endswith("objdump") else "readelf"
        for m, addrs in want.items():
            elf, _ = module_file(r, m)
            found[m] = disassembly(elf, objdump, addrs)
            fdes[m] = frame_table(elf, readelf, r["arch"]) if r["wrongs"] else []
        for w in records:
            for key, mkey, fk, ik, sk in (("pc", "module", "function", "insn", "signature"),
                                          ("step_pc", "step_module", "step_function", "step_insn",
                                           "step_signature")):
                if key not in w:
                    continue
                m = w.get(mkey, 0)
                _, bias = module_file(r, m)
                w[fk], w[ik] = found.get(m, {}).get(int(w[key], 16) - bias, ("", ""))
                sig, canon = cfi_signature(fdes.get(m, []), int(w[key], 16) - bias)
                if sig:
                    w[sk], w[sk.replace("signature", "cfi")] = sig, canon
                    if key == "pc":  # how many functions of the file share it (INSTRUCTION must tell them apart)
                        w["cfi_shared"] = sum(1 for f in fdes[m] if f[2] == canon)


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
                c = re.match(r"^cfi:([0-9a-f]+)(?:\+(0x[0-9a-fA-F]+)(?:-(0x[0-9a-fA-F]+))?)?$", func)
                m = None if c else re.match(r"^(.*)@(0x[0-9a-fA-F]+)(?:-(0x[0-9a-fA-F]+))?$", func)
                name, lo, hi = (m.group(1), int(m.group(2), 16), int(m.group(3) or m.group(2), 16)) \
                    if m else (func, None, None)
                if lo is not None and (pc not in w or not lo <= int(w[pc], 16) - b <= hi):
                    continue
                if c:
                    s = re.match(r"^cfi:([0-9a-f]+)\+(0x[0-9a-f]+)$",
                                 w.get("step_signature" if step else "signature", ""))
                    off = int(s.group(2), 16) if s else -1
                    named = bool(s) and s.group(1) == c.group(1) and (
                        c.group(2) is None or
                        int(c.group(2), 16) <= off <= int(c.group(3) or c.group(2), 16))
                elif name in PLT_SECTIONS and not step:
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


def regex_of(insn):
    """An anchored regex matching objdump's text insn (its blanks kept as
    they are: an attribution line's regex may hold single spaces)."""
    return "^%s$" % re.sub(r"([.^$*+?{}\[\]\\|()])", r"\\\1", insn)


def suggestions(runs):
    """Attribution lines, in the form that carries from one binary to
    another (cfi:HASH+0xOFF), for every wrong record no line attributed:
    FINDING is for the user to fill in.  A record whose frame's step went
    wrong in another function also gets that frame's step: line, commented
    out (the checked instruction's line is the one to keep unless the CFI at
    fault is the stepped frame's)."""
    lines, seen = [], set()
    for r in runs:
        for w in r["wrongs"]:
            if w.get("finding"):
                continue
            cand = []
            if w.get("signature"):
                if w.get("cfi_shared", 1) > 1:
                    cand.append("# %s: %d functions of %s have this CFI (%s)" % (
                        w["signature"], w["cfi_shared"], os.path.basename(
                            module_file(r, w.get("module", 0))[0] or "?"), w["cfi"]))
                cand.append("%s %s %s FINDING" % (r["arch"], w["signature"], regex_of(w.get("insn", ""))))
            else:
                cand.append("# %s %s (%s): no FDE covers it, no cfi: line" % (r["arch"], w["pc"],
                                                                              w.get("function", "")))
            if w.get("step_signature") and w.get("step_signature") != w.get("signature"):
                cand.append("# %s step:%s %s FINDING" % (r["arch"], w["step_signature"],
                                                        regex_of(w.get("step_insn", ""))))
            for c in cand:
                if c not in seen:
                    seen.add(c)
                    lines.append(c)
    return lines


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
    sl = suggestions(runs)
    if sl:
        lines += ["", "Not attributed, as attribution lines naming each function by its CFI "
                  "(cfi:HASH+0xOFF: the same in every binary linking that code; put the finding's "
                  "directory for FINDING):", "", "```"] + sl + ["```"]
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
