#!/usr/bin/env python3
"""Runs hpf-bench over the cases of docs/bench-runtime.md and prints
Markdown tables (one per rank count) from its JSON output.

    python3 tools/hpf-bench/bench-table.py --bench build/bin/hpf-bench \
        --ranks 2 4 --sizes 1MiB 64MiB 512MiB > table.md
    python3 tools/hpf-bench/bench-table.py --bench build/bin/hpf-bench \
        --2d --ranks 2 --sizes 1024x1024 4096x4096 > table-2d.md

Each row is one hpf-bench run (or, with --runs K, K runs made in K passes
over the table, reduced figure by figure to the median of their per-run
medians); all figures of a run are measured in that run (median of the
repetitions, slowest rank per repetition).
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys

CASES = {
    # name: (src, dst, p, q) as a function of the rank count r
    "cyclic(4) -> cyclic(3)": lambda r: ("cyclic(4)", "cyclic(3)", r, r),
    "block -> cyclic": lambda r: ("block", "cyclic", r, r),
    "cyclic(8) -> cyclic(6), P != Q": lambda r: ("cyclic(8)", "cyclic(6)", r, r - 1),
    "gen_block -> gen_block (uneven)": lambda r: (
        "weights(%s)" % ",".join(str(1 + 2 * i) for i in range(r)),
        "weights(%s)" % ",".join(str(1 + 2 * i) for i in reversed(range(r))),
        r, r),
}


def grid2(r):
    """A 2-D grid of r ranks: 1x2, 2x2, ..."""
    return "2x%d" % (r // 2) if r % 2 == 0 and r > 2 else "1x%d" % r


CASES_2D = {
    # name: (src, src grid, dst, dst grid) as a function of the rank count r
    "(block, cyclic(4)) -> (cyclic(2), block), rows grid -> columns grid":
        lambda r: ("(block, cyclic(4))", "%dx1" % r,
                   "(cyclic(2), block)", "1x%d" % r),
    "(block, cyclic(4)) -> (block, cyclic(2)), same grid":
        lambda r: ("(block, cyclic(4))", grid2(r),
                   "(block, cyclic(2))", grid2(r)),
    "(cyclic(2), cyclic(2)) -> (block, block), grid change":
        lambda r: ("(cyclic(2), cyclic(2))", grid2(r),
                   "(block, block)", "%dx1" % r),
    "(block, *) -> (*, block), transpose":
        lambda r: ("(block, *)", "%d" % r, "(*, block)", "%d" % r),
}


def run2d(bench, ranks, src, gsrc, dst, gdst, size, extra):
    rows, cols = size.split("x")
    return hpf_bench(["mpiexec.mpich", "-n", str(ranks), bench, "--rows", rows,
                      "--cols", cols, "--src", src, "--grid-src", gsrc,
                      "--dst", dst, "--grid-dst", gdst, "--format", "json"]
                     + extra)


def quoted(cmd):
    return " ".join("'%s'" % c if "(" in c else c for c in cmd)


def main2d(a):
    for r in a.ranks:
        print("\n### mpiexec -n %d, 2-D\n" % r)
        print("| case | rows x cols | grids | messages | runs | shm | steps "
              "| async | alltoallv | alltoallw | pdgemr2d | memcpy "
              "| default / pdgemr2d | default / memcpy |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        cmds = []
        for name, f in CASES_2D.items():
            src, gsrc, dst, gdst = f(r)
            for size in a.sizes:
                cmd, j = run2d(a.bench, r, src, gsrc, dst, gdst, size, a.extra)
                cmds.append(quoted(cmd))
                rows = {x["name"]: x for x in j["rows"]}
                bad = [x["name"] for x in j["rows"]
                       if x.get("ran") and not x.get("correct", True)]
                if bad:
                    raise SystemExit("wrong values: %s" % bad)
                strat = lambda s: rows.get("hpfrt " + s, {})
                default = rows["hpfrt " + j["default_strategy"]]
                scal = rows.get("ScaLAPACK pdgemr2d", {})
                mem = rows["memcpy (1 process)"]
                vs = ("%.2f" % (default["median_s"] / scal["median_s"])
                      if scal.get("ran") else "n/a")
                print("| %s | %s | %s -> %s | %d | %d | %s | %s | %s | %s | %s "
                      "| %s | %s | %s | %.2f |" % (
                          name, size, j["grid_src"], j["grid_dst"],
                          j["messages"], j["runs"], ms(strat("shm")),
                          ms(strat("steps")),
                          ms(strat("async")), ms(strat("alltoallv")),
                          ms(strat("alltoallw")), ms(scal), ms(mem), vs,
                          default["median_s"] / mem["median_s"]))
                sys.stdout.flush()
        print("\nCommands:\n")
        print("```")
        for c in cmds:
            print(c)
        print("```")


def hpf_bench(cmd):
    """Runs one hpf-bench command; returns it and its JSON report."""
    env = dict(os.environ, MPIEXEC_TIMEOUT="3600")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.stderr.write(out.stdout + out.stderr)
        raise SystemExit("hpf-bench failed: " + " ".join(cmd))
    return cmd, json.loads(out.stdout)


def run(bench, ranks, src, dst, p, q, size, extra):
    return hpf_bench(["mpiexec.mpich", "-n", str(ranks), bench, "--src", src,
                      "--dst", dst, "--p", str(p), "--q", str(q), "--size",
                      size, "--format", "json"] + extra)


def merge(js):
    """One result from several runs of the same row: every figure is the
    median over the runs of its per-run median. The runs of a row are
    spread over passes through the whole table, so that one of this VM's
    slow periods (cross-core transfers several times slower for minutes at
    a time) does not decide a row."""
    first = js[0]
    for row in first["rows"]:
        same = [x for j in js for x in j["rows"] if x["name"] == row["name"]]
        row["correct"] = all(x.get("correct", True) for x in same)
        if row.get("ran"):
            row["median_s"] = statistics.median(x["median_s"] for x in same)
    return first


def ms(row):
    if not row.get("ran"):
        return "n/a"
    t = row["median_s"] * 1e3
    return "%.3f" % t if t < 1 else "%.2f" % t


def size_bytes(size):
    """'1MiB' -> 1048576 (the units hpf-bench accepts)."""
    for unit, mul in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size.endswith(unit):
            return float(size[:-len(unit)]) * mul
    return float(size.rstrip("B"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", default="build/bin/hpf-bench")
    ap.add_argument("--ranks", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--sizes", nargs="+", default=["1MiB", "64MiB", "512MiB"])
    ap.add_argument("--2d", dest="two_d", action="store_true",
                    help="the 2-D cases (sizes are ROWSxCOLS)")
    ap.add_argument("--small-reps", type=int, default=0,
                    help="repetitions for sizes up to 8 MB (hpf-bench's "
                         "default there is 21)")
    ap.add_argument("--runs", type=int, default=1,
                    help="passes over the table; each figure is the median of "
                         "the row's runs")
    ap.add_argument("--extra", nargs=argparse.REMAINDER, default=[])
    a = ap.parse_args()
    if a.two_d:
        main2d(a)
        return
    for r in a.ranks:
        print("\n### mpiexec -n %d\n" % r)
        print("| case | size | P->Q | shm | steps | async | alltoallv | alltoallw "
              "| naive Alltoallv | MPI darray | pdgemr2d | memcpy "
              "| default / best baseline | default / memcpy |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        cmds = []
        ratios = {}  # strategy -> [time / best hpfrt time] per row
        jobs = []  # (name, size, run() arguments) in table order
        for name, f in CASES.items():
            src, dst, p, q = f(r)
            for size in a.sizes:
                extra = list(a.extra)
                if a.small_reps and size_bytes(size) <= 8e6:
                    if "--reps" in extra:  # --small-reps wins
                        i = extra.index("--reps")
                        del extra[i:i + 2]
                    extra += ["--reps", str(a.small_reps)]
                jobs.append((name, size, (a.bench, r, src, dst, p, q, size, extra)))
        results = [[] for _ in jobs]
        for _ in range(a.runs):  # whole passes: a row's runs spread in time
            for k, (_, _, args) in enumerate(jobs):
                results[k].append(run(*args))
        spread = []  # the default strategy's per-run medians, per row
        for (name, size, _), res in zip(jobs, results):
            per_run = ["%.3f" % (1e3 * next(
                x["median_s"] for x in jr["rows"]
                if x["name"] == "hpfrt " + jr["default_strategy"]))
                for _, jr in res]
            spread.append("%s, %s: %s" % (name, size, " ".join(per_run)))
            cmd, j = res[0][0], merge([x[1] for x in res])
            cmds.append(" ".join("'%s'" % c if "(" in c else c for c in cmd))
            rows = {x["name"]: x for x in j["rows"]}
            mine = [x for x in j["rows"] if x["kind"] == "hpfrt" and x.get("ran")]
            fastest = min(x["median_s"] for x in mine)
            for x in mine:
                ratios.setdefault(x["name"][6:], []).append(x["median_s"] / fastest)
            strat = lambda s: rows.get("hpfrt " + s, {})
            default = rows["hpfrt " + j["default_strategy"]]
            base = [x for x in j["rows"] if x["kind"] == "baseline"
                    and x.get("ran") and not x["name"].startswith("memcpy")]
            # Baselines left out with --extra --baselines ... print n/a.
            best = min(base, key=lambda x: x["median_s"]) if base else None
            mem = rows.get("memcpy (1 process)")
            bad = [x["name"] for x in j["rows"] if x.get("ran") and not x.get("correct", True)]
            if bad:
                raise SystemExit("wrong values: %s" % bad)
            print("| %s | %s | %d->%d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, size, j["p"], j["q"], ms(strat("shm")),
                ms(strat("steps")),
                ms(strat("async")), ms(strat("alltoallv")),
                ms(strat("alltoallw")),
                ms(rows.get("MPI_Alltoallv, per-element pack", {})),
                ms(rows.get("MPI darray + Alltoallw", {})),
                ms(rows.get("ScaLAPACK pdgemr2d", {})), ms(mem or {}),
                "%.2f (%s)" % (default["median_s"] / best["median_s"],
                               best["name"].split(",")[0].split(" +")[0])
                if best else "n/a",
                "%.2f" % (default["median_s"] / mem["median_s"])
                if mem else "n/a"))
            sys.stdout.flush()
        if a.runs > 1:
            print("\nThe default strategy's median (ms) in each run, in the "
                  "order of the passes:\n")
            for line in spread:
                print("- " + line)
        print("\nGeometric mean over the rows of (strategy time / fastest "
              "hpfrt strategy time), and rows where the strategy is fastest:\n")
        for st, rs in ratios.items():
            gm = math.exp(sum(math.log(x) for x in rs) / len(rs))
            print("- %s: %.3f (fastest in %d of %d rows)" % (
                st, gm, sum(1 for x in rs if x == 1.0), len(rs)))
        print("\nCommands:\n")
        print("```")
        for c in cmds:
            print(c)
        print("```")


if __name__ == "__main__":
    main()
