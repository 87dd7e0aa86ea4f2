#!/usr/bin/env python3
"""End-to-end check of sequential equivalence (DESIGN.md section 1).

Builds FILE twice: with hpfcc (the SPMD program) and with plain clang++ (the
directives are ignored: the sequential program). Runs the sequential build
once and the hpfcc build under mpiexec with each rank count, and requires
identical standard output (but for the lines that --ignore matches, e.g. a
run's time). Prints one line per run for FileCheck.
"""
import argparse
import os
import re
import subprocess
import sys


def run(cmd, env=None, timeout=300, stdin=None, cwd=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout,
                       input=stdin, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def take(files, cwd):
    """Contents of the files a run left in cwd (None: absent); removes them."""
    got = {}
    for f in files:
        p = os.path.join(cwd, f)
        got[f] = open(p).read() if os.path.exists(p) else None
        if got[f] is not None:
            os.remove(p)
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hpfcc", required=True)
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--ranks", default="1,2,3,4,5")
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--flag", action="append", default=[], help="extra hpfcc flag")
    ap.add_argument("--env", action="append", default=[], help="K=V for the MPI runs")
    ap.add_argument("--stdin", help="file given as standard input to every run")
    ap.add_argument("--file", action="append", default=[],
                    help="file the program leaves in its working directory (--tmp): "
                         "each run's must equal the sequential run's")
    ap.add_argument("--other", action="append", default=[],
                    help="another source of the program, compiled without hpfcc "
                         "(as a library or a file with no directives) and linked "
                         "into both builds")
    ap.add_argument("--also", action="append", default=[],
                    help="another source of the program, compiled with hpfcc "
                         "in the hpfcc build (a second translation unit)")
    ap.add_argument("--ignore", action="append", default=[],
                    help="regular expression: output lines it matches (a run's "
                         "time) are left out of the comparison and of the "
                         "sequential output printed")
    ap.add_argument("source")
    a = ap.parse_args()
    ignored = [re.compile(r) for r in a.ignore]

    def kept(out):
        return "".join(l for l in out.splitlines(keepends=True)
                       if not any(r.search(l) for r in ignored))
    os.makedirs(a.tmp, exist_ok=True)
    objects = []
    for i, other in enumerate(a.other):
        obj = os.path.join(a.tmp, f"other{i}.o")
        rc, out, err = run([a.cxx, "-std=c++20", "-O1", "-w", "-c", other, "-o", obj])
        if rc:
            sys.exit(f"e2e: building {other} failed:\n{err}")
        objects.append(obj)
    seq = os.path.join(a.tmp, "seq.exe")
    par = os.path.join(a.tmp, "hpf.exe")
    # As a user builds the sequential program: hpf.h from hpfcc's include dir.
    rc, inc, err = run([a.hpfcc, "--print-include-dir"])
    if rc:
        sys.exit(f"e2e: hpfcc --print-include-dir failed:\n{err}")
    rc, out, err = run([a.cxx, "-std=c++20", "-O1", "-w", "-I" + inc.strip(), a.source,
                        *a.also, *objects, "-o", seq])
    if rc:
        sys.exit(f"e2e: sequential build failed:\n{err}")
    rc, out, err = run([a.hpfcc, "-std=c++20", "-O1", *a.flag, a.source, *a.also,
                        *objects, "-o", par])
    if rc:
        sys.exit(f"e2e: hpfcc build failed:\n{err}")
    stdin = open(a.stdin).read() if a.stdin else None
    cwd = a.tmp if a.file else None
    take(a.file, a.tmp)
    rc, expected, err = run([seq], stdin=stdin, cwd=cwd)
    if rc:
        sys.exit(f"e2e: sequential run failed ({rc}):\n{err}")
    expected = kept(expected)
    env = dict(os.environ)
    env.setdefault("MPIEXEC_TIMEOUT", "120")
    for kv in a.env:
        k, v = kv.split("=", 1)
        env[k] = v
    expected_files = take(a.file, a.tmp)
    print(f"e2e: sequential output: {expected.strip()}")
    for f in a.file:
        print(f"e2e: sequential file {f}: {expected_files[f]!r}")
    for n in a.ranks.split(","):
        rc, got, err = run([a.mpiexec, "-n", n, par], env=env, stdin=stdin, cwd=cwd)
        if rc:
            sys.exit(f"e2e: -n {n}: exit {rc}\n{err}")
        got = kept(got)
        if got != expected:
            sys.exit(f"e2e: -n {n}: output differs\n--- sequential\n{expected}"
                     f"--- mpiexec -n {n}\n{got}")
        got_files = take(a.file, a.tmp)
        for f in a.file:
            if got_files[f] != expected_files[f]:
                sys.exit(f"e2e: -n {n}: file {f} differs\n--- sequential\n"
                         f"{expected_files[f]}--- mpiexec -n {n}\n{got_files[f]}")
        print(f"e2e: -n {n}: same output" + (" and files" if a.file else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
