#!/usr/bin/env python3
"""Compile time per file: clang++ (the sequential build) against hpfcc.

For every source it times, as the median of --runs runs, CPU seconds
(user + sys of the compilers, which load on other cores does not inflate
the way it inflates wall time) and wall seconds of:
  seq        clang++ -std=c++20 -O2 -c file.cpp
  rewrite    hpfcc -fsyntax-only (the plugin's parse, analysis and rewrite)
  hpfcc      hpfcc -O2 -c with the precompiled runtime header (built once
             before timing, as the first compile with these flags does)
  no-pch     hpfcc -O2 -c --hpf-no-pch (every compile parses the runtime)
Usage: compile-time.py --hpfcc build/bin/hpfcc [--runs 3] [files...]
(default files: examples/*.cpp and examples/*/*.cpp).
"""
import argparse
import glob
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hpfcc", default=os.path.join(root, "build/bin/hpfcc"))
    ap.add_argument("--cxx", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--flags", default="-O2")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(root, "examples/*.cpp")) +
                              glob.glob(os.path.join(root, "examples/*/*.cpp")))
    flags = a.flags.split()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HPFCC_CACHE_DIR=os.path.join(tmp, "cache"))
        obj = os.path.join(tmp, "x.o")
        variants = [
            ("seq", lambda f: [a.cxx, "-std=c++20", *flags, "-c", f, "-o", obj]),
            ("rewrite", lambda f: [a.hpfcc, *flags, "-fsyntax-only", f]),
            ("hpfcc", lambda f: [a.hpfcc, *flags, "-c", f, "-o", obj]),
            ("no-pch", lambda f: [a.hpfcc, "--hpf-no-pch", *flags, "-c", f, "-o", obj]),
        ]
        # The first compile with these flags builds the PCH: time it apart.
        pch_cpu, pch_wall = timed(variants[2][1](files[0]), env)
        print(f"# {os.uname().nodename}, load {os.getloadavg()[0]:.1f}, "
              f"median of {a.runs} runs, flags {a.flags}; CPU s (wall s)")
        print(f"# building the precompiled runtime header once: "
              f"{pch_cpu:.2f} CPU s ({pch_wall:.2f} s)")
        print("| file | " + " | ".join(v for v, _ in variants) + " | hpfcc / seq |")
        print("|---|" + "---|" * (len(variants) + 1))
        for f in files:
            cells, cpu_of = [], {}
            for name, cmd in variants:
                runs = [timed(cmd(f), env) for _ in range(a.runs)]
                cpu = statistics.median(r[0] for r in runs)
                wall = statistics.median(r[1] for r in runs)
                cpu_of[name] = cpu
                cells.append(f"{cpu:.2f} ({wall:.2f})")
            ratio = cpu_of["hpfcc"] / max(cpu_of["seq"], 1e-3)
            print(f"| {os.path.relpath(f, root)} | " + " | ".join(cells) + f" | {ratio:.1f}x |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
