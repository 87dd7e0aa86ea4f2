#!/usr/bin/env python3
"""End-to-end check of sequential equivalence (DESIGN.md section 1).

Builds FILE twice: with hpfcc (the SPMD program) and with plain clang++ (the
directives are ignored: the sequential program). Runs the sequential build
once and the hpfcc build under mpiexec with each rank count, and requires
identical standard output. Prints one line per run for FileCheck.
"""
import argparse
import os
import subprocess
import sys


def run(cmd, env=None, timeout=300):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hpfcc", required=True)
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--ranks", default="1,2,3,4,5")
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--flag", action="append", default=[], help="extra hpfcc flag")
    ap.add_argument("--env", action="append", default=[], help="K=V for the MPI runs")
    ap.add_argument("source")
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    seq = os.path.join(a.tmp, "seq.exe")
    par = os.path.join(a.tmp, "hpf.exe")
    rc, out, err = run([a.cxx, "-std=c++20", "-O1", "-w", a.source, "-o", seq])
    if rc:
        sys.exit(f"e2e: sequential build failed:\n{err}")
    rc, out, err = run([a.hpfcc, "-std=c++20", "-O1", *a.flag, a.source, "-o", par])
    if rc:
        sys.exit(f"e2e: hpfcc build failed:\n{err}")
    rc, expected, err = run([seq])
    if rc:
        sys.exit(f"e2e: sequential run failed ({rc}):\n{err}")
    env = dict(os.environ)
    env.setdefault("MPIEXEC_TIMEOUT", "120")
    for kv in a.env:
        k, v = kv.split("=", 1)
        env[k] = v
    print(f"e2e: sequential output: {expected.strip()}")
    for n in a.ranks.split(","):
        rc, got, err = run([a.mpiexec, "-n", n, par], env=env)
        if rc:
            sys.exit(f"e2e: -n {n}: exit {rc}\n{err}")
        if got != expected:
            sys.exit(f"e2e: -n {n}: output differs\n--- sequential\n{expected}"
                     f"--- mpiexec -n {n}\n{got}")
        print(f"e2e: -n {n}: same output")
    return 0


if __name__ == "__main__":
    sys.exit(main())
