#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""producers/matrix-report.py - the producers matrix (producers/matrix.sh's
run) as a table on stdout, OUT/results.md, OUT/results.json and a
self-contained HTML chart.

Usage: matrix-report.py [--tools TOOLS.tsv] [--html FILE] [--quick] OUT

Writes OUT/results.md (everything), OUT/summary.md (all but the table of
cells: what producers/RESULTS.md records) and OUT/results.json.

Each cell of OUT/cells.tsv is an ID (PLANE:ARCH:CC:AS:OPT:LD:MODE:CODE) and,
when the cell cannot exist, the reason; a built cell has OUT/cells/ID/ with
cell.json and, per output ELF, the judges' JSON: NAME.validate.json (sfref
validate), NAME.kernel-GEN.json (sfref validate --profile kernel-GEN, one per
generation of the kernel's unwinder, OUT/kernel-generations.tsv),
NAME.check.json (sfcfi check), NAME.conserve.json (sfcfi conserve), and
exec.json (harness/run.sh --bin) for programs that were run.

Exit status 0 when every cell is filled or says why it is empty and every
disagreement, missing function, kernel refusal and wrong unwind has a class
(or an attribution); 1 otherwise; 2 on usage errors.
"""
import argparse
import glob
import html
import json
import os
import sys
from collections import Counter, OrderedDict

FIELDS = ["plane", "arch", "cc", "as", "opt", "ld", "mode", "code"]


# The kernel generations sfref profiles, in its order, and the newest
# (`--profile kernel`): read from OUT/kernel-generations.tsv (matrix.sh).
GENS = []
NEWEST = None


def kernel_cell(refused, lookup):
    """One generation's column: its refusals, or "registers", and what only lookups meet."""
    s = ", ".join("%s %d" % (k.replace("kernel-", ""), n) for k, n in sorted(refused.items())) or "registers"
    if lookup:
        s += " (lookups: " + ", ".join("%s %d" % (k.replace("kernel-", ""), n) for k, n in sorted(lookup.items())) + ")"
    return s


def read_generations(out):
    global NEWEST
    path = os.path.join(out, "kernel-generations.tsv")
    if os.path.isfile(path):
        with open(path) as f:
            for line in f:
                name, _, mark = line.rstrip("\n").partition("\t")
                if name:
                    GENS.append(name)
                    if mark == "newest":
                        NEWEST = name


def gen_order(path):
    g = os.path.basename(path).split(".", 1)[-1][:-len(".json")]
    g = g[g.index("kernel-"):] if "kernel-" in g else g
    return (GENS.index(g) if g in GENS else len(GENS), g)


def load(path):
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError:
        return {"_unparsed": text[:300]}


def first_line(path):
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    return line.strip()[:300]
    except OSError:
        pass
    return ""


def kernel_results(cdir, name, paths, r, problems):
    """Each kernel generation's refusals and lookup rules for output NAME."""
    for path in paths:
        gen = path[len(os.path.join(cdir, name)) + 1:-len(".json")]
        k = load(path)
        if k is None or "_unparsed" in k:
            problems.append("%s: the %s profile gave no result: %s" % (
                name, gen, first_line(path[:-len(".json")] + ".err")))
            continue
        fs = [x for x in k.get("findings", []) if isinstance(x, dict)]
        r["kernel"][gen] = Counter(x.get("id", "?") for x in fs if x.get("refuses"))
        r["kernel_lookup"][gen] = Counter(x.get("id", "?") for x in fs if not x.get("refuses"))


def judge_output(cdir, name):
    """What the four judges said of one output: a dict of figures and a
    list of unclassified problems (judges that failed to judge)."""
    r = OrderedDict(output=name)
    problems = []
    v = load(os.path.join(cdir, name + ".validate.json"))
    if v is None or "_unparsed" in (v or {}):
        problems.append("%s: sfref validate gave no result: %s" % (name, first_line(os.path.join(cdir, name + ".validate.err"))))
    elif v.get("no_sframe"):
        r["sframe"] = False
    else:
        r["sframe"] = True
        r["valid"] = bool(v.get("valid"))
        r["findings"] = Counter(f.get("id", f.get("name", "?")) for f in v.get("findings", []))
        if "section-empty" in r["findings"]:
            # a zero-byte .sframe (ld writes one when it keeps no input's):
            # nothing for the CFI check or the kernel profile to read
            r["sframe"] = False
            r["empty_sframe"] = True
    # A relocatable object is never loaded, but for the arm64 kernel-text
    # reader's module profile (matrix.sh reads an ld -r output as a .ko).
    module_gens = sorted(glob.glob(os.path.join(cdir, name + ".kernel-text-*-module.json"))) \
        if r.get("sframe") and name.endswith(".o") else []
    if module_gens:
        r["kernel"] = OrderedDict()
        r["kernel_lookup"] = OrderedDict()
        kernel_results(cdir, name, module_gens, r, problems)
    if r.get("sframe") and not name.endswith(".o"):
        gens = sorted(glob.glob(os.path.join(cdir, name + ".kernel-*.json")), key=gen_order)
        if not gens:
            problems.append("%s: no kernel profile result" % name)
        r["kernel"] = OrderedDict()
        r["kernel_lookup"] = OrderedDict()
        kernel_results(cdir, name, gens, r, problems)
        newest = NEWEST if NEWEST in r["kernel"] else (list(r["kernel"])[-1] if r["kernel"] else None)
        r["kernel_accepts"] = not r["kernel"].get(newest) if newest else True
        c = load(os.path.join(cdir, name + ".check.json"))
        if (c is None or "_unparsed" in c) and not r.get("valid"):
            pass  # sfcfi reads valid sections only: the oracle's findings classify it
        elif c is None or "_unparsed" in c:
            problems.append("%s: sfcfi check gave no result: %s" % (name, first_line(os.path.join(cdir, name + ".check.err"))))
        else:
            r["version"] = c.get("sframe_version")
            fn = c.get("functions", {})
            rows = c.get("rows", {})
            r["functions"] = fn.get("both", 0) + fn.get("sframe_only", 0)
            r["sframe_only"] = fn.get("sframe_only", 0)
            r["rows"] = rows.get("compared", 0)
            r["agree"] = rows.get("agree", 0)
            r["disagree"] = rows.get("disagree", 0)
            r["classes"] = Counter(c.get("disagreement_classes", {}))
            if r["disagree"] and not r["classes"]:
                problems.append("%s: %d disagreeing rows without a class" % (name, r["disagree"]))
            if "unknown" in r["classes"]:
                problems.append("%s: disagreements of class unknown" % name)
    cons = load(os.path.join(cdir, name + ".conserve.json"))
    if cons is None or "_unparsed" in cons:
        err = first_line(os.path.join(cdir, name + ".conserve.err"))
        r["conserve_error"] = err
        # an output with no input of ours to conserve is no judgement; an
        # output whose .sframe cannot even be read (relocations that land
        # off the FDEs) is a result of the linker's; anything else is ours
        ours = ("out of memory", "usage", "no symbol table", "not a relocatable", " is for ")
        if "nothing to conserve" in err:
            pass
        elif any(x in err for x in ours) or not err:
            problems.append("%s: sfcfi conserve gave no result: %s" % (name, err))
        else:
            r["output_unreadable"] = err
    else:
        for key in ("functions", "kept", "differs", "missing", "dropped_code", "unmapped", "linker_made"):
            val = cons.get(key, 0)
            r["c_" + key] = len(val) if isinstance(val, list) else val
        fl = cons.get("flags", [])
        r["flag_problems"] = len(fl) if isinstance(fl, list) else fl
        r["missing_reasons"] = Counter()
        r["linker_made_kinds"] = Counter()
        for it in cons.get("items", []):
            if it.get("class") in ("missing", "differs", "unmapped"):
                r["missing_reasons"]["%s: %s" % (it["class"], it.get("reason") or "rows differ")] += 1
        for lm in cons.get("linker_made_fdes", []):
            r["linker_made_kinds"][lm.get("kind", "other")] += 1
        r["flag_list"] = [f.get("flag", "?") for f in cons.get("flag_problems", [])]
        if cons.get("output_sframe") and cons["output_sframe"].get("valid") is False:
            r["output_invalid"] = True
    return r, problems


def judge_exec(cdir):
    e = load(os.path.join(cdir, "exec.json"))
    if e is None:
        return None, []
    if "skipped" in e:
        return {"skipped": e["skipped"]}, []
    if "failed" in e:
        return {"failed": e["failed"]}, ["execution did not run: %s" % e["failed"]]
    x = OrderedDict()
    x["checked"] = e.get("checked", 0)
    x["wrong"] = e.get("wrong", 0)
    x["attributed"] = e.get("attributed", 0)
    plt = e.get("plt", {}) or {}
    x["plt_executed"] = plt.get("executed", 0)
    x["plt_checked"] = plt.get("checked", 0)
    x["plt_wrong"] = plt.get("wrong", 0)
    x["exit"] = e.get("harness_exit", 0)
    probs = []
    if x["checked"] == 0:
        probs.append("execution checked nothing")
    if x["exit"] != 0:
        probs.append("the harness failed (wrong unwinds not attributed, or the run did not go as expected): see exec.log")
    return x, probs


def read_cell(out, cid, why):
    """One cell of OUT/cells.tsv: its fields and figures, and the problems
    its judges left unclassified."""
    cell = OrderedDict(zip(FIELDS, cid.split(":")))
    cell["id"] = cid
    if why:
        cell["status"] = "empty"
        cell["why"] = why
        return cell, []
    cdir = os.path.join(out, "cells", cid.replace(":", "-"))
    meta = load(os.path.join(cdir, "cell.json"))
    if not meta:
        cell["status"] = "unjudged"
        cell["why"] = "the cell left no result"
        return cell, ["%s: the cell left no result" % cid]
    problems = []
    cell["status"] = meta.get("status")
    if meta.get("why"):
        cell["why"] = meta["why"]
    cell["commands"] = meta.get("commands", [])
    cell["sections"] = meta.get("sections", "")
    cell["multiple_sframe"] = meta.get("multiple_sframe", "").split()
    if cell["status"] == "ok":
        outs = []
        for name in meta.get("outputs", []):
            r, p = judge_output(cdir, name)
            outs.append(r)
            problems += ["%s: %s" % (cid, x) for x in p]
        cell["outputs"] = outs
        x, p = judge_exec(cdir)
        if x is not None:
            cell["exec"] = x
            problems += ["%s: %s" % (cid, y) for y in p]
    elif not cell.get("why"):
        problems.append("%s: status %s without a reason" % (cid, cell["status"]))
    return cell, problems


def read_cells(out, tsv):
    """Every cell of TSV (OUT/cells.tsv), in its order, and the problems
    left unclassified."""
    cells = []
    problems = []
    with open(tsv) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            cid, _, why = line.partition("\t")
            cell, p = read_cell(out, cid, why)
            cells.append(cell)
            problems += p
    return cells, problems


def totals(cells):
    """The matrix's totals: figures, disagreement classes, each kernel
    generation's refusals (and the outputs it refused), oracle findings."""
    tot = Counter()
    classes = Counter()
    kernel = OrderedDict((g, Counter()) for g in GENS)
    kernel_refused = Counter()
    findings = Counter()
    for c in cells:
        tot["cells"] += 1
        tot[c["status"]] += 1
        for o in c.get("outputs", []):
            tot["outputs"] += 1
            if o.get("sframe") is False:
                tot["no_sframe"] += 1
            for k in ("functions", "rows", "agree", "disagree", "c_kept", "c_differs", "c_missing", "c_dropped_code",
                      "c_unmapped", "c_linker_made", "flag_problems"):
                tot[k] += o.get(k, 0) or 0
            classes.update(o.get("classes", {}))
            for g, ids in o.get("kernel", {}).items():
                kernel.setdefault(g, Counter()).update(ids)
                if o.get("sframe") and ids:
                    kernel_refused[g] += 1
            findings.update(o.get("findings", {}))
            if o.get("sframe") and not o.get("kernel_accepts", True):
                tot["kernel_refused_outputs"] += 1
        e = c.get("exec") or {}
        for k in ("checked", "wrong", "plt_executed", "plt_checked", "plt_wrong"):
            tot["exec_" + k] += e.get(k, 0) or 0
        if e and "checked" in e:
            tot["exec_runs"] += 1
    return tot, classes, kernel, kernel_refused, findings


def row_of(c):
    """The table's columns after the cell's fields: its figures, or (one
    column) its status and why it has none."""
    outs = c.get("outputs", [])
    fns = sum(o.get("functions", 0) or 0 for o in outs)
    rows = sum(o.get("rows", 0) or 0 for o in outs)
    agree = sum(o.get("agree", 0) or 0 for o in outs)
    cl = Counter()
    kr = OrderedDict((g, Counter()) for g in GENS)
    kl = OrderedDict((g, Counter()) for g in GENS)
    miss = 0
    for o in outs:
        cl.update(o.get("classes", {}))
        for g, ids in o.get("kernel", {}).items():
            kr.setdefault(g, Counter()).update(ids)
        for g, ids in o.get("kernel_lookup", {}).items():
            kl.setdefault(g, Counter()).update(ids)
        miss += o.get("c_missing", 0) or 0
    nosf = [o["output"] + (" (zero bytes)" if o.get("empty_sframe") else "") for o in outs if o.get("sframe") is False]
    inval = [o["output"] for o in outs if (o.get("sframe") or o.get("empty_sframe")) and not o.get("valid")]
    e = c.get("exec") or {}
    ex = ""
    if "checked" in e:
        ex = "%d checked, %d wrong, PLT %d/%d" % (e["checked"], e["wrong"], e["plt_executed"], e["plt_checked"])
    elif e:
        ex = e.get("skipped") or e.get("failed", "")
    if c["status"] != "ok":
        return [c["status"] + ": " + c.get("why", "")]
    return [str(fns), str(rows), str(agree),
            ", ".join("%s %d" % kv for kv in sorted(cl.items())) or "0",
            str(miss) + ((" (no .sframe: %s)" % " ".join(nosf)) if nosf else ""),
        ] + [kernel_cell(kr.get(g, Counter()), kl.get(g, Counter())) if any(g in o.get("kernel", {}) for o in outs) else "-"
             for g in GENS] + [
            ("INVALID: " + " ".join(inval)) if inval else ("valid" if any(o.get("sframe") for o in outs) else "-"),
            ex]


def cells_table(cells):
    """The Markdown table of every cell, one row each."""
    head = ["plane", "arch", "compiler", "assembler", "opt", "linker", "way", "code",
            "functions", "rows compared", "agree", "disagree by class", "missing"] + GENS + ["oracle", "execution"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for c in cells:
        cols = [c.get(k, "") for k in FIELDS]
        r = row_of(c)
        if len(r) == 1:
            r = r + [""] * (6 + len(GENS))
        lines.append("| " + " | ".join(cols + r) + " |")
    return lines


def summary_lines(tot, classes, kernel, kernel_refused, findings):
    """The summary: one line per judge, from the totals."""
    return [
        "cells: %d (%d judged, %d empty with a reason, %d failed to build or link with the reason)" % (
            tot["cells"], tot["ok"], tot["empty"], tot["build-failed"] + tot["link-failed"]),
        "outputs: %d (%d with no .sframe)" % (tot["outputs"], tot["no_sframe"]),
        "rows compared with the CFI: %d, agreeing %d, disagreeing %d%s" % (
            tot["rows"], tot["agree"], tot["disagree"],
            ("; the disagreements (ranges) by class: " + ", ".join("%s %d" % kv for kv in sorted(classes.items()))) if classes else ""),
        "conservation: %d kept, %d differ, %d missing, %d dropped with their code, %d unmapped, %d linker-made, %d flag problems" % (
            tot["c_kept"], tot["c_differs"], tot["c_missing"], tot["c_dropped_code"], tot["c_unmapped"],
            tot["c_linker_made"], tot["flag_problems"]),
        "kernel: outputs refused per generation: " + ("; ".join(
            "%s %d%s" % (g, kernel_refused[g], (" (" + ", ".join("%s %d" % kv for kv in sorted(ids.items())) + ")") if ids else "")
            for g, ids in kernel.items()) or "no generation judged"),
        "oracle findings: %s" % (", ".join("%s %d" % kv for kv in sorted(findings.items())) or "none"),
        "execution: %d runs, %d instructions checked, %d wrong; PLT instructions executed %d, checked %d, wrong %d" % (
            tot["exec_runs"], tot["exec_checked"], tot["exec_wrong"], tot["exec_plt_executed"],
            tot["exec_plt_checked"], tot["exec_plt_wrong"]),
    ]


def tools_section(tools):
    """The Markdown section of the tools TOOLS.tsv lists (none without it)."""
    if not tools or not os.path.isfile(tools):
        return []
    md = ["## Tools", "", "| tool | arch | version | status |", "|---|---|---|---|"]
    with open(tools) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) >= 5:
                md.append("| %s | %s | %s | %s |" % (p[0], p[2], p[3], p[4] + ((": " + p[5]) if len(p) > 5 and p[5] else "")))
    md.append("")
    return md


def write_results(out, md, lines, cells, tot, classes, kernel, problems):
    """OUT/results.md (MD, all of it), OUT/summary.md (all but the LINES
    of the cells' table) and OUT/results.json."""
    text = "\n".join(md) + "\n"
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(text)
    # the record (producers/RESULTS.md is a copy of one): all but the cells
    cut = md.index("## Cells")
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(md[:cut] + ["Every cell, with its figures: `build/producers/matrix/results.md`; "
                                      "as a chart: `build/producers/index.html`."] + md[len(lines) + cut + 2:]) + "\n")
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"cells": cells, "totals": tot, "classes": classes, "kernel": kernel, "problems": problems}, f,
                  default=lambda o: dict(o), indent=1)


def verdict(problems, tot):
    """The exit status: 1, saying why, when a problem is unclassified or
    no cell was judged; 0 otherwise."""
    if problems:
        print("matrix: %d unclassified:" % len(problems), file=sys.stderr)
        for p in problems[:50]:
            print("  " + p, file=sys.stderr)
        return 1
    if tot["ok"] == 0:
        print("matrix: no cell was built and judged: nothing was proven", file=sys.stderr)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools")
    ap.add_argument("--html")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("out")
    a = ap.parse_args()
    read_generations(a.out)
    tsv = os.path.join(a.out, "cells.tsv")
    if not os.path.isfile(tsv):
        print("matrix-report: no %s: run producers/matrix.sh" % tsv, file=sys.stderr)
        return 2
    cells, problems = read_cells(a.out, tsv)
    tot, classes, kernel, kernel_refused, findings = totals(cells)
    lines = cells_table(cells)
    summary = summary_lines(tot, classes, kernel, kernel_refused, findings)
    md = ["# Producers matrix%s" % (" (quick)" if a.quick else ""), ""] + tools_section(a.tools)
    md += ["## Summary", ""] + ["- " + s for s in summary] + [""] + aggregate(cells) + ["", "## Cells", ""] + lines
    if problems:
        md += ["", "## Unclassified", ""] + ["- " + p for p in problems]
    write_results(a.out, md, lines, cells, tot, classes, kernel, problems)
    print("\n".join(lines))
    print()
    print("\n".join(summary))
    if a.html:
        write_html(a.html, cells, summary, problems, a.quick)
        print("matrix: chart in %s" % a.html)
    return verdict(problems, tot)


def behaviour(c):
    """What a linker did with the .sframe of its inputs, in one word:
    merged (one valid section, every input function kept), lossy (one valid
    section, some lost or changed), concatenated (the inputs' sections end
    to end: trailing bytes, overlapping or unsorted FDEs), dropped (no
    .sframe, or an empty one), split (several .sframe sections)."""
    words = set()
    if c.get("multiple_sframe"):
        return "split"  # several .sframe output sections
    for o in c.get("outputs", []):
        if o["output"].endswith(".o"):
            continue
        f = o.get("findings", {})
        if o.get("sframe") is False:
            words.add("dropped")
        elif "trailing-bytes" in f or "fde-overlap" in f or "bad-magic" in f:
            words.add("concatenated")
        elif (o.get("c_missing") or 0) + (o.get("c_differs") or 0):
            words.add("lossy")
        else:
            words.add("merged")
    for w in ("concatenated", "dropped", "lossy", "merged"):
        if w in words:
            return w
    return "merged"


def aggregate(cells):
    """Two summary tables: per compiler and assembler (the compile plane),
    per linker and input objects (the link plane), by architecture."""
    out = []
    comp = OrderedDict()
    link = OrderedDict()
    for c in cells:
        if c["plane"] == "compile":
            key = (c["cc"], c["as"])
        else:
            key = (c["ld"], "%s + %s" % (c["cc"], c["as"]))
        t = (comp if c["plane"] == "compile" else link).setdefault(key, OrderedDict())
        a = t.setdefault(c["arch"], Counter())
        a["cells"] += 1
        if c["status"] == "empty":
            a["empty"] += 1
            a["why:" + c.get("why", "")[:90]] += 1
            continue
        if c["status"] != "ok":
            a["failed"] += 1
            if c["plane"] == "link":
                a["did:refused"] += 1
            continue
        a["judged"] += 1
        if c["plane"] == "link":
            a["did:" + behaviour(c)] += 1
        for o in c.get("outputs", []):
            a["functions"] += o.get("functions", 0) or 0
            a["rows"] += o.get("rows", 0) or 0
            a["disagree"] += o.get("disagree", 0) or 0
            a["kept"] += o.get("c_kept", 0) or 0
            a["missing"] += o.get("c_missing", 0) or 0
            a["differs"] += o.get("c_differs", 0) or 0
            if o.get("sframe") and not o.get("kernel_accepts", True):
                a["kernel_refused"] += 1
            if (o.get("sframe") or o.get("empty_sframe")) and not o.get("valid"):
                a["invalid"] += 1
            if o.get("sframe") is False:
                a["no_sframe"] += 1
            a["outputs"] += 1
        e = c.get("exec") or {}
        if "checked" in e:
            a["runs"] += 1
            a["checked"] += e["checked"]
            a["wrong"] += e["wrong"]
            a["plt"] += e["plt_executed"]

    def label(a):
        if not a:
            return ""
        if a["judged"] == 0:
            whys = [k[4:] for k in a if k.startswith("why:")]
            return "- (%s)" % (whys[0] if whys else "failed to build or link")
        s = "%d fns, %d rows" % (a["functions"], a["rows"])
        if a["disagree"]:
            s += ", **%d disagree**" % a["disagree"]
        if a["missing"] or a["differs"]:
            s += ", **%d of %d input fns lost/changed**" % (a["missing"] + a["differs"], a["kept"] + a["missing"] + a["differs"])
        if a["invalid"]:
            s += ", **%d of %d outputs invalid**" % (a["invalid"], a["outputs"])
        if a["no_sframe"]:
            s += ", %d without .sframe" % a["no_sframe"]
        if a["kernel_refused"]:
            s += ", kernel refuses %d" % a["kernel_refused"]
        if a["runs"]:
            s += "; run: %d checked, %d wrong, %d PLT" % (a["checked"], a["wrong"], a["plt"])
        if a["failed"]:
            s += "; %d cells failed to build/link" % a["failed"]
        did = sorted((k[4:], v) for k, v in a.items() if k.startswith("did:"))
        if did:
            s += " [" + ", ".join("%s %d" % kv for kv in did) + "]"
        return s

    arches = ["x86_64", "aarch64", "s390x"]
    for title, t, h in (("By compiler and assembler (static, each assembler's own ld; all optimisations summed)", comp, "compiler + assembler"),
                        ("By linker and input objects (every way of linking summed)", link, "linker | objects")):
        if not t:
            continue
        out += ["### " + title, "", "| %s | %s |" % (h, " | ".join(arches)), "|---|" + "---|" * len(arches)]
        for k, v in t.items():
            out.append("| %s | %s |" % (" | ".join(k) if t is link else " + ".join(k),
                                        " | ".join(label(v.get(x)) for x in arches)))
        out.append("")
    # the link table has two key columns
    fixed = []
    for line in out:
        if line.startswith("| linker | objects"):
            line = "| linker | objects | " + " | ".join(arches) + " |"
        elif line.startswith("|---|") and fixed and fixed[-1].startswith("| linker | objects"):
            line = "|---|---|" + "---|" * len(arches)
        fixed.append(line)
    return fixed


def cell_colour(c):
    if c["status"] == "empty":
        return "#e9ecef", "n/a"
    if c["status"] in ("build-failed", "link-failed", "unjudged"):
        return "#ffd8a8", c["status"].split("-")[0]
    outs = c.get("outputs", [])
    dis = sum(o.get("disagree", 0) or 0 for o in outs)
    miss = sum(o.get("c_missing", 0) or 0 for o in outs) + sum(o.get("c_differs", 0) or 0 for o in outs)
    nosf = any(o.get("sframe") is False for o in outs)
    inval = any((o.get("sframe") or o.get("empty_sframe")) and not o.get("valid") for o in outs)
    kern = any(o.get("sframe") and not o.get("kernel_accepts", True) for o in outs)
    wrong = (c.get("exec") or {}).get("wrong", 0)
    if inval:
        return "#ffa8a8", "invalid"
    if nosf or miss:
        return "#ffc9c9", "lost %d" % miss if miss else "no .sframe"
    if dis or wrong:
        return "#ffe066", "%d wrong" % (dis + wrong)
    if kern:
        return "#d0bfff", "kernel refuses"
    return "#b2f2bb", "ok"


def write_html(path, cells, summary, problems, quick):
    # rows: plane, arch, cc, as, opt, code; columns: ld x mode
    # compile plane: a row per arch, compiler, assembler, linker and code,
    # a column per optimisation; link plane: a row per arch, objects,
    # linker and code, a column per way of linking
    rows = OrderedDict()
    cols = OrderedDict()
    for c in cells:
        if c["plane"] == "compile":
            rk = (c["plane"], c["arch"], c["cc"], c["as"], c["ld"], c["code"])
            ck = c["opt"]
        else:
            rk = (c["plane"], c["arch"], c["cc"], c["as"], c["ld"], c["code"])
            ck = c["mode"]
        rows.setdefault(rk, {})[ck] = c
        cols[ck] = 1
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>SFrame producers matrix</title>",
           "<style>:root{--fg:#212529;--muted:#6c757d;--line:#dee2e6;--head:#f1f3f5}"
           "body{font:13px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;color:var(--fg);margin:0 16px 32px}"
           "h1{font-size:18px;margin:12px 0 2px}ul.sum{color:var(--fg);margin:6px 0 10px}"
           "table{border-collapse:separate;border-spacing:0}th,td{border-bottom:1px solid var(--line);padding:2px 5px;"
           "text-align:left;vertical-align:top}thead th{position:sticky;top:0;background:var(--head);z-index:1;font-size:11px}"
           "td.cell{text-align:center;white-space:nowrap;font-size:11px;border-left:2px solid #fff;min-width:54px}"
           "td.k{color:var(--muted);white-space:nowrap}.legend span{display:inline-block;border-radius:3px;padding:0 6px;margin-right:4px}"
           "details{margin:8px 0}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}</style></head><body>",
           "<h1>SFrame producers matrix%s</h1>" % (" (quick pass)" if quick else ""),
           '<p class="legend"><span style="background:#b2f2bb">ok</span><span style="background:#ffe066">rows wrong (CFI or execution)</span>'
           '<span style="background:#ffc9c9">functions lost by the linker</span><span style="background:#ffa8a8">invalid</span>'
           '<span style="background:#d0bfff">kernel refuses</span><span style="background:#ffd8a8">build or link failed</span>'
           '<span style="background:#e9ecef">cannot exist (reason on hover)</span></p>',
           '<ul class="sum">' + "".join("<li>%s</li>" % html.escape(s) for s in summary) + "</ul>"]
    if problems:
        out.append("<details open><summary>%d unclassified</summary><ul>%s</ul></details>" % (
            len(problems), "".join("<li><code>%s</code></li>" % html.escape(p) for p in problems)))
    for plane in ("compile", "link"):
        prow = [(rk, v) for rk, v in rows.items() if rk[0] == plane]
        if not prow:
            continue
        pcols = [ck for ck in cols if any(ck in v for _, v in prow)]
        out.append("<h2>%s</h2>" % ("Compilers and assemblers (static, the assembler's own ld)" if plane == "compile"
                                   else "Linkers and ways of linking"))
        out.append("<table><thead><tr><th>arch</th><th>compiler</th><th>assembler</th><th>linker</th><th>code</th>")
        for ck in pcols:
            out.append("<th>%s</th>" % html.escape(ck))
        out.append("</tr></thead><tbody>")
        for rk, v in prow:
            out.append("<tr>" + "".join('<td class="k">%s</td>' % html.escape(x) for x in rk[1:]))
            for ck in pcols:
                c = v.get(ck)
                if c is None:
                    out.append("<td></td>")
                    continue
                bg, label = cell_colour(c)
                tip = [c["id"]]
                if c.get("why"):
                    tip.append(c["why"])
                for o in c.get("outputs", []):
                    tip.append("%s: v%s, %s functions, %s rows, %s disagree %s; kernel %s; conserve kept %s missing %s differs %s linker-made %s" % (
                        o["output"], o.get("version", "-"), o.get("functions", "-"), o.get("rows", "-"), o.get("disagree", "-"),
                        dict(o.get("classes", {})) or "", "; ".join("%s %s" % (g, dict(ids) or "registers") for g, ids in o.get("kernel", {}).items()) or "-", o.get("c_kept", "-"),
                        o.get("c_missing", "-"), o.get("c_differs", "-"), o.get("c_linker_made", "-")))
                if c.get("exec"):
                    tip.append("execution: %s" % json.dumps(c["exec"]))
                tip += c.get("commands", [])
                out.append('<td class="cell" style="background:%s" title="%s">%s</td>' % (
                    bg, html.escape("\n".join(str(t) for t in tip)), html.escape(label)))
            out.append("</tr>")
        out.append("</tbody></table>")
    out.append("</body></html>")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
