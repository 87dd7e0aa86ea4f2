#!/usr/bin/env python3
"""npb-bench: NAS Parallel Benchmarks written for hpfcc, against their sequential build.

Each kernel (examples/npb/NAME.cpp, an NPB benchmark annotated with
#pragma hpf) is built for every --classes class twice: with plain clang++
(-std=c++20 -O3 -DCLASS=X: the directives ignored, the sequential program)
and with hpfcc (-O3 -DCLASS=X). Each --runs pass runs the sequential build
and the hpfcc build under mpiexec at each --ranks count, one after the
other, so a slow period of the machine hits every column alike. Every run
must print NPB's `Verification = SUCCESSFUL`, and every hpfcc run must print
what the sequential run printed but for its time lines (else exit 1).

The figure is NPB's own `Mop/s total` (the benchmark's operations over the
time of its timed part: MPI start-up and the set-up before the timer are
not in it), the median over the passes; the speed-up of a column is its
Mop/s over the sequential build's in the same passes. One markdown table
per class.

Baselines, measured in the same passes when their paths are given (each is
copied into --tmp and built there; the checkout given is left as it is):

  --omp-dir DIR  an NPB-OMP checkout (e.g. GMAP/NPB-CPP's NPB-OMP): `make
                 NAME CLASS=X` with its config/make.def, run with
                 OMP_NUM_THREADS=--omp-threads; its Mop/s and its speed-up
                 over the sequential build of examples/npb.
  --mpi-dir DIR  NPB 3.4's MPI version (Fortran): built with mpif90.mpich
                 (its config/make.def, else make.def.template), run at
                 -n 1 and at each --ranks count above 1: its Mop/s and
                 their ratio to its own -n 1. Skipped, with a line saying
                 so, without gfortran and mpif90.mpich; BT and SP run only
                 at square rank counts (their cells at other counts say n/a).

On an emulated cluster (test/cluster/emu.sh, root only: `emu.sh up 4
1gbit` first), --emu PATH/emu.sh runs the hpfcc build and NPB-MPI at each
--ranks count through `emu.sh run N "" PROG` (N hosts, one rank each);
the sequential build and NPB-MPI's -n 1 run on the machine itself
(test/cluster/npb-cluster.sh does the whole of it).

  python3 tools/npb-bench/npb-bench.py --hpfcc build/bin/hpfcc --classes S,W --runs 3
"""
import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "examples", "npb")
# Lines of NPB's output that differ from run to run (the time), left out
# when a run's output is compared with the sequential one's.
TIMING = re.compile(r"^ *(Time in seconds|Mop/s total|Mop/s/process|CPU Time)\b")
MOPS = re.compile(r"^ *Mop/s total *= *([0-9.eE+-]+)", re.M)
VERIFIED = re.compile(r"^ *Verification *= *(\S+)", re.M)


def build(cmd, cwd=None, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env)
    if r.returncode:
        sys.exit(f"npb-bench: build failed: {' '.join(cmd)}\n{r.stdout}{r.stderr}")


def measured(label, cmd, env):
    """Mop/s of one run, and its output without the time lines; exits
    unless the run ends normally and says SUCCESSFUL."""
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    out = r.stdout
    v = VERIFIED.search(out)
    m = MOPS.search(out)
    if r.returncode or not v or v.group(1) != "SUCCESSFUL" or not m:
        sys.exit(f"npb-bench: {label}: {' '.join(cmd)} exited {r.returncode}, "
                 f"verification {v.group(1) if v else 'missing'}\n{out}{r.stderr}")
    kept = "".join(l for l in out.splitlines(keepends=True) if not TIMING.match(l))
    return float(m.group(1)), kept


COPIED = set()


def copy_tree(src, dst):
    """A fresh copy of an NPB checkout to build in (its bin/ and objects
    left behind), once per run of this script. Returns whether it copied."""
    if dst in COPIED:
        return False
    COPIED.add(dst)
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.o", "*.mod", ".git"))
    for f in glob.glob(os.path.join(dst, "bin", "*")):
        if os.path.isfile(f):
            os.remove(f)
    # A checkout from git has no bin/ (an empty folder); the link needs it.
    os.makedirs(os.path.join(dst, "bin"), exist_ok=True)
    return True


def mpi_runs_at(name, ranks):
    """Whether NPB-MPI's NAME runs on this many ranks: BT and SP need a
    square number of processes (NPB 3.4's README.install; other counts
    abort)."""
    if name in ("bt", "sp"):
        root = int(round(ranks ** 0.5))
        return root * root == ranks
    return True


def omp_build(a, name, cls):
    """NPB-OMP's NAME at class cls, built in a copy of --omp-dir."""
    tree = os.path.join(a.tmp, "npb-omp")
    copy_tree(a.omp_dir, tree)
    build(["make", name, f"CLASS={cls}"], cwd=tree)
    exe = os.path.join(tree, "bin", f"{name}.{cls}")
    if not os.path.exists(exe):
        sys.exit(f"npb-bench: NPB-OMP built no {exe}")
    return exe


def mpi_build(a, name, cls):
    """NPB 3.4 MPI's NAME at class cls, built in a copy of --mpi-dir with
    mpif90.mpich (IS, in C, with mpicc.mpich)."""
    tree = os.path.join(a.tmp, "npb-mpi")
    if copy_tree(a.mpi_dir, tree):
        cfg = os.path.join(tree, "config")
        if not os.path.exists(os.path.join(cfg, "make.def")):
            shutil.copy(os.path.join(cfg, "make.def.template"),
                        os.path.join(cfg, "make.def"))
    build(["make", name, f"CLASS={cls}", f"MPIFC={a.mpif90}", f"FLINK={a.mpif90}",
           f"MPICC={a.mpicc}", f"CLINK={a.mpicc}"],  # IS is C
          cwd=tree)
    exe = os.path.join(tree, "bin", f"{name}.{cls}.x")
    if not os.path.exists(exe):
        sys.exit(f"npb-bench: NPB MPI built no {exe}")
    return exe


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="\n".join(__doc__.splitlines()[2:]),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hpfcc", required=True, help="hpfcc to measure (build/bin/hpfcc)")
    ap.add_argument("--cxx", default="clang++-19", help="compiler of the sequential build")
    ap.add_argument("--mpiexec", default="mpiexec.mpich")
    ap.add_argument("--classes", default="S,W", help="NPB classes, e.g. S,W,A")
    ap.add_argument("--ranks", default="1,2", help="hpfcc rank counts")
    ap.add_argument("--runs", type=int, default=3, help="passes; the median is shown")
    ap.add_argument("--omp-dir", help="NPB-OMP checkout: an OpenMP baseline")
    ap.add_argument("--omp-threads", type=int, default=2)
    ap.add_argument("--mpi-dir", help="NPB 3.4 MPI checkout (Fortran): an MPI baseline")
    ap.add_argument("--mpif90", default="mpif90.mpich")
    ap.add_argument("--mpicc", default="mpicc.mpich")
    ap.add_argument("--emu", help="test/cluster/emu.sh of a cluster that is up: "
                    "the parallel runs go through `emu.sh run N \"\" PROG`")
    ap.add_argument("--tmp", default="/tmp/npb-bench")
    ap.add_argument("kernels", nargs="*",
                    default=sorted(glob.glob(os.path.join(KERNELS, "*.cpp"))),
                    help="annotated NPB sources (default: examples/npb/*.cpp)")
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    ranks = [int(r) for r in a.ranks.split(",")]
    classes = a.classes.split(",")
    env = dict(os.environ, MPIEXEC_TIMEOUT="3600")
    if a.mpi_dir and not (shutil.which("gfortran") and shutil.which(a.mpif90)):
        print(f"npb-bench: NPB MPI baseline skipped: gfortran or {a.mpif90} not found\n")
        a.mpi_dir = None
    omp_env = dict(env, OMP_NUM_THREADS=str(a.omp_threads))

    where = "hosts" if a.emu else "-n"

    def parallel(r, exe):
        """The command that runs exe on r ranks (r hosts with --emu)."""
        if a.emu:
            return [a.emu, "run", str(r), "", exe]
        return [a.mpiexec, "-n", str(r), exe]

    for cls in classes:
        head = ["kernel", "sequential Mop/s"]
        for r in ranks:
            head += [f"hpfcc {where} {r} Mop/s", "speed-up"]
        if a.omp_dir:
            head += [f"NPB-OMP {a.omp_threads} threads Mop/s", "speed-up"]
        if a.mpi_dir:
            head += ["NPB-MPI -n 1 Mop/s"]
            for r in ranks:
                if r > 1:
                    head += [f"NPB-MPI {where} {r} Mop/s", "over its -n 1"]
        notes = []
        print(f"Class {cls} (median of {a.runs} runs)\n")
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head), flush=True)
        for src in a.kernels:
            name = os.path.splitext(os.path.basename(src))[0]
            seq = os.path.join(a.tmp, f"{name}.{cls}.seq")
            par = os.path.join(a.tmp, f"{name}.{cls}.hpfcc")
            build([a.cxx, "-std=c++20", "-O3", f"-DCLASS={cls}", src, "-o", seq])
            build([a.hpfcc, "-O3", f"-DCLASS={cls}", src, "-o", par])
            cmds = {"seq": [seq]}
            for r in ranks:
                cmds[r] = parallel(r, par)
            if a.omp_dir:
                cmds["omp"] = [omp_build(a, name, cls)]
            if a.mpi_dir:
                exe = mpi_build(a, name, cls)
                cmds["mpi1"] = [a.mpiexec, "-n", "1", exe]
                for r in ranks:
                    if r > 1 and mpi_runs_at(name, r):
                        cmds[f"mpi{r}"] = parallel(r, exe)
            mops = {k: [] for k in cmds}
            expected = None
            for _ in range(a.runs):
                for k, cmd in cmds.items():
                    m, out = measured(f"{name} class {cls}", cmd,
                                      omp_env if k == "omp" else env)
                    mops[k].append(m)
                    if k == "seq":
                        expected = out
                    elif k in ranks and out != expected:
                        sys.exit(f"npb-bench: {name} class {cls}: hpfcc -n {k} printed\n"
                                 f"{out}\nthe sequential build\n{expected}")
            med = {k: statistics.median(v) for k, v in mops.items()}
            cells = [name, f"{med['seq']:.2f}"]
            for r in ranks:
                cells += [f"{med[r]:.2f}", f"{med[r] / med['seq']:.2f}"]
            if a.omp_dir:
                cells += [f"{med['omp']:.2f}", f"{med['omp'] / med['seq']:.2f}"]
            if a.mpi_dir:
                cells += [f"{med['mpi1']:.2f}"]
                for r in ranks:
                    if r > 1 and f"mpi{r}" in med:
                        cells += [f"{med[f'mpi{r}']:.2f}",
                                  f"{med[f'mpi{r}'] / med['mpi1']:.2f}"]
                    elif r > 1:
                        cells += ["n/a", "n/a"]
                        notes.append(f"NPB-MPI {name} needs a square number "
                                     f"of ranks: not run on {r}")
            print("| " + " | ".join(cells) + " |", flush=True)
        print()
        for n in notes:
            print(n)
        if notes:
            print()


if __name__ == "__main__":
    main()
