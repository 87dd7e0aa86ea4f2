#!/usr/bin/env python3
"""kernel-bench: generated code against the sequential build of the same file.

Each kernel (an annotated C++ file) is compiled twice, with plain clang++ -O2
(the sequential program: directives ignored) and with hpfcc -O2, and run: the
sequential build, then the hpfcc build under mpiexec with each rank count.
Every run's standard output must equal the sequential one (else exit 1). The
table gives the median wall time of --runs runs (runs interleaved, so a slow
period of the machine hits every column alike) and the speed-up over the
sequential build (sequential time / hpfcc time: above 1 is faster).

The machine's ceiling for -n 2: in the same passes, two copies of the
sequential build are started at once ("2 seq side by side": the slower
copy's time); ceiling = 2 x sequential / that time, the speed-up two
independent processes get from this machine's two cores, shared caches and
memory bus. A memory-bound kernel's ceiling is below 2 (two copies share
the bus); the last of these columns is hpfcc's -n 2 speed-up over it.

Every kernel runs at its benchmark size (SIZES below: about 3 s
sequentially on a quiet machine, so start-up is noise), and the table says
whether it is compute- or memory-bound (BOUND). For each kernel the last
columns give the halo bytes one rank received per iteration at -n 2
(HPF_HALO_REPORT, the busiest rank) next to the minimum the stencil needs, and, for jacobi2d, a hand-written MPI halo exchange
(baselines/jacobi2d-mpi.cpp, MPI_Sendrecv of ghost rows) at -n 2.

An MPI program pays MPI_Init and MPI_Finalize (MPICH with UCX: 0.02-0.04 s
of wall time on the current machine, 0.1-0.3 s on earlier ones), which the
sequential build does not: on kernels of a fraction of a second that alone
is 1.2-1.5x. So the script also times an empty hpfcc program at each rank
count ("start-up", printed before the table) and gives, next to each
speed-up, the speed-up of the rest (sequential time / (hpfcc time -
start-up)): what the generated code and its communication cost.

--callgrind measures instructions instead of time (valgrind; for machines
where wall time is noise): each kernel of CALLGRIND is built both ways at
two iteration counts and run once each, sequential and hpfcc at -n 1
without mpiexec; the difference of the two counts is the cost of the extra
iterations (start-up removed), per build and as a ratio.

With --other-hpfcc (e.g. an installed tree of an earlier version) and/or
--other-flag (e.g. --hpf-reproducible-sums), a second build is measured in
the same passes, for before/after comparisons.

--placements 1,16,32,64 measures the code-placement lottery at -n 1: where
a hot loop lands relative to 64-byte fetch blocks alone moves a kernel by up
to 1.8x on some CPUs (Zen 5: loop1d's sequential build 0.19 s or 0.35 s, same
instructions). Each kernel is then also
built both ways with -falign-loops=P for every P, run in the same rounds
(sequential and hpfcc -n 1), and the table gets, after the default build's
columns, each placement's -n 1 speed-up (sequential at P / hpfcc at P) and
their median, and the range of the sequential build's times over the
placements: a reader sees whether a default-build speed-up is the code or
the lottery. (16 is LLVM 19's default on x86-64: its binaries are the
default build's, so its column is an A/A repeat, a check of the noise.)

  python3 tools/kernel-bench/kernel-bench.py --hpfcc build/bin/hpfcc --ranks 1,2 --runs 5
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "kernels")

# Benchmark sizes: defines, iterations (halo exchanges per iteration are
# counted together) and the minimum bytes a rank of -n 2 must receive per
# iteration (the stencil's border). The array sizes are the e2e tests'
# kernels at a realistic scale; the iteration counts make each sequential
# run take about 3 s on a quiet machine (on a 2-core Zen 5 guest), so the
# MPI start-up and finalisation of an hpfcc run (0.02-0.04 s) and the set-up of the arrays
# are noise, as in an HPC run of seconds to hours. The e2e lit tests keep
# the files' small defaults. BOUND says what limits each kernel's
# sequential run.
SIZES = {
    "loop1d": (["-DSWEEPS=325000"], 325000, None),
    "rows2d": (["-DSWEEPS=140000"], 140000, None),
    "jacobi2d": (["-DKERNEL_N=2050", "-DSWEEPS=520"], 1040, 2048 * 8),
    # 32 blocks of 32 rows per rank at -n 2: the row below and above each
    # (one at the grid's edges), 31 rows of 512 doubles per loop.
    "rowscyclic": (["-DKERNEL_N=1024", "-DSWEEPS=9000"], 18000, 31 * 512 * 8),
    "heat1d": (["-DKERNEL_N=4000000", "-DSTEPS=1050"], 2100, 1 * 8),
    "stencil": (["-DKERNEL_N=2000", "-DITERS=450"], 450, 2 * 1996 * 8),
    "matvec": (["-DKERNEL_N=2000", "-DREPS=1500"], 1500, 0),
    "transpose": (["-DKERNEL_N=4000", "-DITERS=60"], 60, 0),
    "nbody": (["-DKERNEL_N=6000", "-DSTEPS=28"], 28, 0),
    "cg": (["-DKERNEL_N=2000000", "-DITERS=600"], 600, 1 * 8),
    # Not halo kernels (n/a): gauss broadcasts one pivot row per step (REPS
    # solves of the same system), fft2d redistributes once (REPS transforms
    # of every row and column from the same input).
    "gauss": (["-DKERNEL_N=1200", "-DREPS=27"], 27 * 1199, None),
    "fft2d": (["-DKERNEL_N=2048", "-DREPS=26"], 1, None),
    # CSR products on a 1000 x 1000 grid: a grid row from the neighbour
    # per product (X[Col[k]], fetched by need).
    "spmv": (["-DKERNEL_G=1000", "-DITERS=500"], 500, 1000 * 8),
    # The same with Col written through a pointer: no window, the listing
    # kept and checked at run time before each product.
    "spmvptr": (["-DKERNEL_G=1000", "-DITERS=500"], 500, 1000 * 8),
}
# What limits each kernel (printed in the table; the speed targets
# are for the compute-bound ones). Working sets of the sequential run; the
# machine's L3 is 32 MB. Compute: loop1d (1 MB) and rows2d (2 MB) sweep
# arrays that stay in cache; nbody (0.2 MB, N^2 interactions); fft2d
# (64 MB, but each transform works on one row or column copied into 32 KB
# of locals, N log N flops each, REPS times); gauss (11.5 MB, N^3 / 3
# multiply-adds per solve, each with a load and a store of the trailing
# matrix streamed from L3: two sequential copies side by side reached
# 1.69-1.87x of one, sessions 12-13).
# Memory: jacobi2d, stencil, heat1d and cg stream 64-67 MB per sweep with a
# few flops per element; matvec reads its 32 MB matrix once per product (2
# flops per 8 bytes); transpose (2 x 128 MB) walks A by columns;
# rowscyclic streams its 8 MB from L3 (L2 is 1 MB per core); spmv streams
# 60 MB of matrix (Col, Val) per product, 2 flops per 12 bytes.
BOUND = {
    "loop1d": "compute", "rows2d": "compute", "nbody": "compute",
    "gauss": "compute", "fft2d": "compute", "sum1d": "compute",
    "jacobi2d": "memory", "stencil": "memory", "heat1d": "memory",
    "rowscyclic": "memory",
    "cg": "memory", "matvec": "memory", "transpose": "memory",
    "spmv": "memory", "spmvptr": "memory",
}
# --callgrind: small sizes, and the defines of two iteration counts.
CALLGRIND = {
    "loop1d": (["-DSWEEPS=10"], ["-DSWEEPS=30"]),
    "rows2d": (["-DSWEEPS=10"], ["-DSWEEPS=30"]),
    "matvec": (["-DKERNEL_N=1000", "-DREPS=2"], ["-DKERNEL_N=1000", "-DREPS=6"]),
    "nbody": (["-DKERNEL_N=1000", "-DSTEPS=1"], ["-DKERNEL_N=1000", "-DSTEPS=3"]),
    "cg": (["-DKERNEL_N=100000", "-DITERS=2"], ["-DKERNEL_N=100000", "-DITERS=6"]),
    "transpose": (["-DKERNEL_N=500", "-DITERS=1"], ["-DKERNEL_N=500", "-DITERS=3"]),
    "jacobi2d": (["-DKERNEL_N=514", "-DSWEEPS=2"], ["-DKERNEL_N=514", "-DSWEEPS=12"]),
    "rowscyclic": (["-DKERNEL_N=1024", "-DSWEEPS=2"], ["-DKERNEL_N=1024", "-DSWEEPS=12"]),
    "heat1d": (["-DKERNEL_N=400000", "-DSTEPS=2"], ["-DKERNEL_N=400000", "-DSTEPS=6"]),
    "stencil": (["-DKERNEL_N=1000", "-DITERS=2"], ["-DKERNEL_N=1000", "-DITERS=6"]),
    "gauss": (["-DKERNEL_N=200", "-DREPS=1"], ["-DKERNEL_N=200", "-DREPS=3"]),
    "fft2d": (["-DKERNEL_N=256", "-DREPS=1"], ["-DKERNEL_N=256", "-DREPS=5"]),
}
EMPTY = """// kernel-bench: MPI start-up and finalisation only.
#include <cstdio>
#pragma hpf processors ALL(*)
double A[64];
#pragma hpf distribute A(block) onto ALL
int main() {
#pragma hpf independent
  for (int i = 0; i < 64; ++i)
    A[i] = i;
  std::printf("%g\\n", A[3]);
  return 0;
}
"""
BASELINES = {"jacobi2d": os.path.join(HERE, "baselines", "jacobi2d-mpi.cpp")}


def build(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"kernel-bench: build failed: {' '.join(cmd)}\n{r.stderr}")


def side_by_side(cmd, env):
    """Wall time of two copies of cmd started together: the slower one's
    (each copy's own start-to-exit time) and the first copy's output."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env) for _ in range(2)]
    ends, out = [], None
    for p in procs:
        o, e = p.communicate(timeout=600)
        ends.append(time.perf_counter() - t0)
        if p.returncode:
            sys.exit(f"kernel-bench: {' '.join(cmd)} (side by side) exited "
                     f"{p.returncode}\n{e}")
        out = o if out is None else out
    return max(ends), out


def timed(cmd, env):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    t = time.perf_counter() - t0
    if r.returncode:
        sys.exit(f"kernel-bench: {' '.join(cmd)} exited {r.returncode}\n{r.stderr}")
    return t, r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hpfcc", required=True)
    ap.add_argument("--other-hpfcc", help="a second hpfcc measured alongside")
    ap.add_argument("--other-flag", action="append", default=[],
                    help="extra hpfcc flag of the second build")
    ap.add_argument("--other-label", default="other")
    ap.add_argument("--cxx", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--mpicxx", default="mpicxx.mpich")
    ap.add_argument("--mpiexec", default="mpiexec.mpich")
    ap.add_argument("--ranks", default="1,2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tmp", default="/tmp/kernel-bench")
    ap.add_argument("--placements", default="",
                    help="-falign-loops values (e.g. 1,16,32,64): -n 1 speed-up "
                    "at each code placement, both builds, and their median")
    ap.add_argument("--callgrind", action="store_true",
                    help="instruction counts (valgrind) instead of wall time")
    ap.add_argument("kernels", nargs="*",
                    default=sorted(glob.glob(os.path.join(HERE, "kernels", "*.cpp"))) +
                    sorted(glob.glob(os.path.join(EXAMPLES, "*.cpp"))))
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    ranks = [int(r) for r in a.ranks.split(",")]
    placements = [int(p) for p in a.placements.split(",") if p]
    compilers = [("hpfcc", a.hpfcc, [])]
    if a.other_hpfcc or a.other_flag:
        compilers.append((a.other_label, a.other_hpfcc or a.hpfcc, a.other_flag))
    env = dict(os.environ, MPIEXEC_TIMEOUT="300")
    # The sequential build finds hpf.h as a user's would.
    inc = subprocess.run([a.hpfcc, "--print-include-dir"], capture_output=True,
                         text=True, check=True).stdout.strip()
    if a.callgrind:
        callgrind(a, compilers, inc)
        return
    startup = {}
    empty = os.path.join(a.tmp, "empty.cpp")
    with open(empty, "w") as f:
        f.write(EMPTY)
    for lab, hpfcc, flags in compilers:
        exe = os.path.join(a.tmp, f"empty.{lab}")
        build([hpfcc, "-std=c++20", "-O2", *flags, empty, "-o", exe])
        for r in ranks:
            startup[(lab, r)] = statistics.median(
                timed([a.mpiexec, "-n", str(r), exe], env)[0] for _ in range(max(a.runs, 3)))
    print("start-up (empty hpfcc program under mpiexec, median): " + ", ".join(
        f"{lab} -n {r} {t:.3f} s" for (lab, r), t in startup.items()))
    print()
    print(f"| kernel | bound | sequential (s) | " + " | ".join(
        f"{lab} -n {r} (s) | speed-up | excl. start-up" for lab, _, _ in compilers
        for r in ranks) +
          " | 2 seq side by side (s) | ceiling -n 2 | hpfcc -n 2 / ceiling"
          " | halo+read B/rank/iter -n 2 | minimum | hand MPI -n 2 (s) | hpfcc / hand |" +
          "".join(f" -n 1 speed-up, -falign-loops={p} |" for p in placements) +
          (" median over placements | sequential over placements (s) |"
           if placements else ""))
    print("|---|---|---|" + "---|---|---|" * (len(compilers) * len(ranks)) +
          "---|---|---|---|---|---|---|" + "---|" * (len(placements) + 2 * bool(placements)))
    for src in a.kernels:
        name = os.path.splitext(os.path.basename(src))[0]
        seq = os.path.join(a.tmp, name + ".seq")
        defs, iters, minimum = SIZES.get(name, ([], 1, None))
        build([a.cxx, "-std=c++20", "-O2", "-w", "-I" + inc, *defs, src, "-o", seq])
        cmds = {"seq": [seq], "pair": [seq]}
        for lab, hpfcc, flags in compilers:
            exe = os.path.join(a.tmp, f"{name}.{lab}")
            build([hpfcc, "-std=c++20", "-O2", *flags, *defs, src, "-o", exe])
            for r in ranks:
                cmds[(lab, r)] = [a.mpiexec, "-n", str(r), exe]
        # The same two builds at each code placement (sequential, -n 1).
        for p in placements:
            align = f"-falign-loops={p}"
            build([a.cxx, "-std=c++20", "-O2", "-w", align, "-I" + inc, *defs, src,
                   "-o", f"{seq}.a{p}"])
            exe = os.path.join(a.tmp, f"{name}.hpfcc.a{p}")
            build([a.hpfcc, "-std=c++20", "-O2", align, *defs, src, "-o", exe])
            cmds[("seq", p)] = [f"{seq}.a{p}"]
            cmds[("hpfcc-align", p)] = [a.mpiexec, "-n", "1", exe]
        if name in BASELINES:
            hand = os.path.join(a.tmp, name + ".hand")
            build([a.mpicxx, "-std=c++20", "-O2", *defs, BASELINES[name], "-o", hand])
            cmds["hand"] = [a.mpiexec, "-n", "2", hand]
        times = {k: [] for k in cmds}
        expected = None
        for _ in range(a.runs):
            for k, cmd in cmds.items():
                t, out = (side_by_side if k == "pair" else timed)(cmd, env)
                if expected is None:
                    expected = out
                elif out != expected:
                    sys.exit(f"kernel-bench: {name}: {k} printed {out!r}, sequential {expected!r}")
                times[k].append(t)
        tseq = statistics.median(times["seq"])
        cells = []
        for lab, _, _ in compilers:
            for r in ranks:
                t = statistics.median(times[(lab, r)])
                rest = t - startup[(lab, r)]
                cells.append(f"{t:.3f} | {tseq / t:.2f} | " +
                             (f"{tseq / rest:.2f}" if rest > 0 else "n/a"))
        # The machine's ceiling at -n 2: two sequential copies at once do
        # twice the work in the slower one's time (both cores busy, sharing
        # L3 and the memory bus as two ranks do).
        tpair = statistics.median(times["pair"])
        ceiling = 2 * tseq / tpair
        t2 = statistics.median(times[("hpfcc", 2)]) if ("hpfcc", 2) in times else None
        cells.append(f"{tpair:.3f} | {ceiling:.2f} | " +
                     (f"{tseq / t2 / ceiling:.2f}" if t2 else "n/a"))
        # Bytes received for halos and planned reads: one more -n 2 run
        # with the runtime's reports, summed per rank.
        rep = subprocess.run([a.mpiexec, "-n", "2", os.path.join(a.tmp, f"{name}.hpfcc")],
                             capture_output=True, text=True, timeout=600,
                             env=dict(env, HPF_HALO_REPORT="1", HPF_READ_REPORT="1"))
        per_rank = {}
        for l in rep.stderr.splitlines():
            if l.startswith(("hpf-halo:", "hpf-read:")):
                f = l.split()
                per_rank[f[2]] = per_rank.get(f[2], 0) + int(f[4])
        got = list(per_rank.values())
        per_iter = f"{max(got) / iters:.0f}" if got else "0"
        cells.append(per_iter)
        cells.append("n/a" if minimum is None else str(minimum))
        if "hand" in times:
            th = statistics.median(times["hand"])
            t2 = statistics.median(times[("hpfcc", 2)]) if ("hpfcc", 2) in times else float("nan")
            cells.append(f"{th:.3f} | {t2 / th:.2f}")
        else:
            cells.append("n/a | n/a")
        if placements:
            ups = [statistics.median(times[("seq", p)]) /
                   statistics.median(times[("hpfcc-align", p)]) for p in placements]
            cells += [f"{u:.2f}" for u in ups] + [f"{statistics.median(ups):.2f}"]
            tps = [statistics.median(times[("seq", p)]) for p in placements]
            cells.append(f"{min(tps):.3f}-{max(tps):.3f}")
        print(f"| {name} | {BOUND.get(name, '?')} | {tseq:.3f} | " + " | ".join(cells) + " |",
              flush=True)


def instructions(cmd):
    """Instructions one process executes (valgrind --tool=callgrind)."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        *cmd], capture_output=True, text=True, timeout=3600)
    for line in r.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split()[-1])
    sys.exit(f"kernel-bench: no callgrind count for {' '.join(cmd)}\n{r.stderr}")


def callgrind(a, compilers, inc):
    """Per kernel: instructions of the extra iterations, sequential and each
    hpfcc at -n 1 (one process, no launcher), and their ratio."""
    print("| kernel | sequential | " + " | ".join(
        f"{lab} -n 1 | / sequential" for lab, _, _ in compilers) + " |")
    print("|---|---|" + "---|---|" * len(compilers))
    for src in a.kernels:
        name = os.path.splitext(os.path.basename(src))[0]
        if name not in CALLGRIND:
            print(f"kernel-bench: {name}: no --callgrind sizes, skipped", file=sys.stderr)
            continue
        counts = {}
        for i, defs in enumerate(CALLGRIND[name]):
            seq = os.path.join(a.tmp, f"{name}.cg{i}.seq")
            build([a.cxx, "-std=c++20", "-O2", "-w", "-I" + inc, *defs, src, "-o", seq])
            counts[("seq", i)] = instructions([seq])
            for lab, hpfcc, flags in compilers:
                exe = os.path.join(a.tmp, f"{name}.cg{i}.{lab}")
                build([hpfcc, "-std=c++20", "-O2", *flags, *defs, src, "-o", exe])
                counts[(lab, i)] = instructions([exe])
        diff = {k: counts[(k, 1)] - counts[(k, 0)] for k in
                ["seq"] + [lab for lab, _, _ in compilers]}
        cells = [f"{diff[lab] / 1e6:.2f} M | {diff[lab] / diff['seq']:.3f}"
                 for lab, _, _ in compilers]
        print(f"| {name} | {diff['seq'] / 1e6:.2f} M | " + " | ".join(cells) + " |",
              flush=True)


if __name__ == "__main__":
    main()
