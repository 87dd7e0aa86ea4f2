#!/usr/bin/env python3
"""Interleaved A/B runs of programs that print "loop <seconds>" on stderr.

  loop-ab.py ROUNDS name=command [name=command ...]

Each round runs every command once, the order rotated by one per round (a
slow period of the machine hits every command alike); per command it prints
the median wall time and loop time and the median of the per-round ratios
first / this (above 1: faster than the first), and the time outside the loop
(start-up, set-up, finalisation). The loop line comes from a timer added around the kernel's sweeps in
the source (sequential) or the emitted source (hpfcc --hpf-emit-source,
compiled with the commands hpfcc -v prints), or from rows2d-layout.cpp.
"""
import os
import re
import statistics
import subprocess
import sys
import time


def main():
    rounds = int(sys.argv[1])
    cmds = [a.split("=", 1) for a in sys.argv[2:]]
    wall = {n: [] for n, _ in cmds}
    loop = {n: [] for n, _ in cmds}
    env = dict(os.environ)
    env.setdefault("MPIEXEC_TIMEOUT", "600")
    loads = []
    for r in range(rounds):
        k = r % len(cmds)
        for n, c in cmds[k:] + cmds[:k]:
            t0 = time.perf_counter()
            p = subprocess.run(c, shell=True, check=True, capture_output=True,
                               text=True, env=env)
            wall[n].append(time.perf_counter() - t0)
            m = re.search(r"loop ([0-9.]+)", p.stderr)
            if not m:
                sys.exit(f"loop-ab: {c}: no 'loop <seconds>' line on stderr")
            loop[n].append(float(m.group(1)))
        with open("/proc/loadavg") as f:
            loads.append(float(f.read().split()[0]))
    base = cmds[0][0]
    print(f"rounds {rounds}, load average (1 min) {min(loads):.2f}-{max(loads):.2f}")
    for n, _ in cmds:
        w, l = wall[n], loop[n]
        rw = statistics.median(b / x for b, x in zip(wall[base], w))
        rl = statistics.median(b / x for b, x in zip(loop[base], l))
        out = statistics.median(a - b for a, b in zip(w, l))
        print(f"{n:12s} wall {statistics.median(w):.3f} s speed {rw:.3f} | "
              f"loop {statistics.median(l):.3f} s speed {rl:.3f} | "
              f"outside the loop {out:.3f} s")


if __name__ == "__main__":
    main()
