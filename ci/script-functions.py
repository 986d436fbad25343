#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measure every function of the repository's scripts; fail on a long one.

A function of more than LIMIT lines (100 unless --max says otherwise) is
hard to read and to review: split it by step into named functions.  The
scripts are the repository's *.sh, *.bash and *.py files (git ls-files, or
a walk of the tree outside build/ and .git/ when there is no git), or the
FILEs given.  A function's length counts its lines from its header (a
Python function's first decorator) to its last line, both included.

Shell functions are found by their header (`name() {`, `name() (`,
`function name {`) and end at the first line, indented as the header is,
that closes them (`}` or `)`, a redirection or a comment may follow);
a header whose body closes on the same line is one line long.  Python
functions (methods and nested ones too) come from the ast module.

Usage: ci/script-functions.py [--max N] [--list] [FILE...]
  --list   print every function's length, not only the long ones
Prints FILE:LINE: NAME is N lines (over LIMIT) for each long one and exits
1 when there is any, 0 otherwise; 2 when a file cannot be read or parsed.
"""
import argparse
import ast
import os
import re
import subprocess
import sys

SUFFIXES = (".sh", ".bash", ".py")
# name() {   name () (   function name {   function name() {
SHELL_HEADER = re.compile(
    r"^(?P<indent>\s*)(?:function\s+(?P<fname>[A-Za-z_][\w:.-]*)\s*(?:\(\s*\))?"
    r"|(?P<name>[A-Za-z_][\w:.-]*)\s*\(\s*\))\s*(?P<open>[{(])(?P<rest>.*)$")


def repo_scripts(root):
    """The scripts of the checkout at ROOT, build/ left out."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--"]
                             + ["*" + s for s in SUFFIXES],
                             check=True, capture_output=True).stdout
        files = [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, subdirs, names in os.walk(root):
            rel = os.path.relpath(d, root)
            if rel in ("build", ".git") or rel.startswith(("build" + os.sep, ".git" + os.sep)):
                subdirs[:] = []
                continue
            files += [os.path.normpath(os.path.join(rel, n)) for n in names if n.endswith(SUFFIXES)]
    return sorted(os.path.join(root, f) for f in files
                  if not f.startswith("build/") and os.path.isfile(os.path.join(root, f)))


def brace_depth(depth, quote, text):
    """DEPTH and QUOTE after TEXT, one line of a shell function's body.

    Braces are counted outside quotes and comments; a quote may run on to
    the next line.  Good enough for the project's scripts, which are read
    by people too: the closing line indented as the header is comes first.
    """
    i = 0
    while i < len(text):
        c = text[i]
        i += 1
        if c == "\\" and quote != "'":
            i += 1  # an escaped character: neither a quote nor a brace
        elif quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 1 or text[i - 2].isspace()):
            break
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return 0, quote
    return depth, quote


def shell_functions(lines):
    """(name, first line, length) of each shell function of LINES."""
    found = []
    for i, line in enumerate(lines):
        m = SHELL_HEADER.match(line)
        if not m:
            continue
        name = m.group("fname") or m.group("name")
        closer = "}" if m.group("open") == "{" else ")"
        end = re.compile(r"^" + re.escape(m.group("indent")) + re.escape(closer) + r"(\s|;|>|<|\||&|#|$)")
        # A body in ( ) holds case patterns' lone ")": only its closing
        # line, indented as the header is, ends it.
        depth, quote = (brace_depth(1, None, m.group("rest")) if closer == "}" else (1, None))
        j = i
        while depth != 0:
            j += 1
            if j == len(lines):
                raise ValueError(f"line {i + 1}: function {name} never closes")
            if end.match(lines[j]):
                break
            if closer == "}":
                depth, quote = brace_depth(depth, quote, lines[j])
        found.append((name, i + 1, j - i + 1))
    return found


def python_functions(text, path):
    """(name, first line, length) of each Python function of TEXT."""
    found = []
    for node in ast.walk(ast.parse(text, filename=path)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            found.append((node.name, first, node.end_lineno - first + 1))
    return sorted(found, key=lambda f: f[1])


def functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if path.endswith(".py"):
        return python_functions(text, path)
    return shell_functions(text.splitlines())


def main():
    ap = argparse.ArgumentParser(description="Fail on any script function longer than --max lines.")
    ap.add_argument("--max", type=int, default=100, help="the most lines a function may have (100)")
    ap.add_argument("--list", action="store_true", help="print every function's length")
    ap.add_argument("files", nargs="*", help="scripts to measure (default: the repository's)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = args.files or repo_scripts(root)
    long_ones = 0
    for path in files:
        shown = os.path.relpath(path, root) if not args.files else path
        try:
            found = functions(path)
        except (OSError, SyntaxError, ValueError) as e:
            print(f"{shown}: cannot measure its functions: {e}", file=sys.stderr)
            return 2
        for name, line, n in found:
            if n > args.max:
                long_ones += 1
                print(f"{shown}:{line}: {name} is {n} lines (over {args.max})")
            elif args.list:
                print(f"{shown}:{line}: {name} is {n} lines")
    if long_ones:
        print(f"{long_ones} function(s) over {args.max} lines in {len(files)} scripts: split them by step",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
