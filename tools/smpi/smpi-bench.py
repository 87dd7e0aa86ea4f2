#!/usr/bin/env python3
"""Runs hpf-bench (SMPI build) under smpirun on simulated platforms and prints
markdown tables: each strategy's simulated time as a ratio to the ideal
(busiest link's bytes / link rate), next to `hpf-plan simulate`'s cost-model
prediction for the same case (plan/NetworkModel.h), with the command and the
wall time of each run. Driven by tools/smpi/run.sh (`make smpi-bench`).

SMPI settings (each run): smpi/simulate-computation:no (only the network is
timed: packing and copies cost nothing, and the host's load cannot leak into
the prediction), one repetition (a simulation is deterministic), HPF_TIMEOUT=0
(the watchdog thread measures wall time, which a simulation does not keep),
smpi/allgather:rdb (see --allgather).
The bench's baselines are off: SMPI's MPI_Alltoallv posts P requests per rank
(P^2 per call), which is what the issue saw not finishing at 1024 ranks.

From --shared-from ranks on (default 1024) the payload is SimGrid's shared
malloc (--cfg=smpi/shared-malloc:global: hpfrt's array storage and pack
buffers map the same pages on every simulated rank, runtime/mpi/Payload.h),
so nothing is verified there (hpf-bench's JSON says "verified": false), and
each rank's stack is --stack-kib. CPU time, peak memory (max RSS) and wall
time of each smpirun come from /usr/bin/time; runs from 1024 ranks on are
niced.
"""
import argparse
import json
import os
import random
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PLATFORM_PY = os.path.join(HERE, "platform.py")


def gen_block_pair(ranks, n, seed):
    """Two random uneven gen_block size lists (weights 1..9, as the model's
    --irregular workload is random uneven pairs)."""
    rng = random.Random(seed * 1000003 + ranks)
    out = []
    for _ in range(2):
        w = [rng.randint(1, 9) for _ in range(ranks)]
        total = sum(w)
        sizes = [n * x // total for x in w]
        sizes[-1] += n - sum(sizes)
        out.append("gen_block(" + ",".join(map(str, sizes)) + ")")
    return out


def case_formats(case, ranks, bytes_per_rank):
    n = ranks * bytes_per_rank // 8
    if case == "block-cyclic":
        k = bytes_per_rank // 8 // 2
        return "block", f"cyclic({k})", f"cyclic({k})"
    if case == "cyclic4-cyclic3":
        return "cyclic(4)", "cyclic(3)", "cyclic(3)"
    if case == "gen_block":
        s, d = gen_block_pair(ranks, n, 1)
        return s, d, "gen_block(random)"
    raise SystemExit(f"unknown case {case}")


def short(text):
    return re.sub(r"gen_block\([0-9,]{40,}\)", "gen_block(...)", text)


def fattree_leaf(hosts):
    import math
    return 16 if hosts >= 64 else max(2, int(math.isqrt(hosts)))


def model(args, src, dst, ranks, rph, topo, scheduler):
    cmd = [args.hpf_plan, "simulate", "--src", src, "--dst", dst,
           "--ranks", str(ranks), "--bytes-per-rank", str(args.bytes_per_rank),
           "--ranks-per-host", str(rph), "--scheduler", scheduler]
    if topo == "fattree":
        cmd += ["--hosts-per-rack", str(fattree_leaf(ranks // rph))]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    row = [ln for ln in out.splitlines() if ln.startswith(f"| {ranks} |")][-1]
    c = [x.strip() for x in row.strip("|").split("|")]
    return {"ideal_ms": float(c[6]), "async": float(c[7]),
            "steps": float(c[8]), "cmd": cmd}


def simulate(args, src, dst, ranks, rph, topo, strategies, scheduler, extra):
    hosts = ranks // rph
    subprocess.run([sys.executable, PLATFORM_PY, "--topology", topo,
                    "--hosts", str(hosts), "--ranks-per-host", str(rph),
                    "--out", args.work], check=True, capture_output=True)
    base = os.path.join(args.work, f"{topo}-{hosts}x{rph}")
    size = ranks * args.bytes_per_rank
    scale = []
    if ranks >= args.shared_from:
        scale = ["--cfg=smpi/shared-malloc:global",
                 f"--cfg=contexts/stack-size:{args.stack_kib}"]
    cmd = ["smpirun", "-np", str(ranks), "-platform", base + ".xml",
           "-hostfile", base + ".hosts",
           "--cfg=smpi/simulate-computation:no",
           "--log=root.thres:warning"] + coll_cfg(args) + scale + extra + [
           args.bench, "--src", src, "--dst", dst, "--size", f"{size}B",
           "--reps", "1", "--strategy", strategies, "--scheduler", scheduler,
           "--baselines", "none", "--format", "json"]
    env = dict(os.environ, HPF_TIMEOUT="0")
    # Large simulations give way to the other work on the machine.
    nice = ["nice", "-n", "19"] if ranks >= 1024 else []
    tfile = os.path.join(args.work, f"time-{os.getpid()}.txt")
    timer = ["/usr/bin/time", "-o", tfile, "-f", "%U %S %M"]
    t0 = time.time()
    p = subprocess.run(nice + timer + cmd, cwd=args.work, env=env,
                       capture_output=True, text=True)
    wall = time.time() - t0
    with open(tfile) as f:
        u, sy, rss_kb = f.read().split()[-3:]
    cpu = float(u) + float(sy)
    rss = int(rss_kb)
    out = p.stdout
    start = out.find('{"src"')
    if p.returncode != 0 or start < 0:
        sys.stderr.write(p.stdout[-2000:] + p.stderr[-2000:])
        raise SystemExit(f"smpirun failed ({p.returncode}): {short(' '.join(cmd))}")
    rep = json.loads(out[start:out.rindex("}") + 1])
    times = {r["name"].replace("hpfrt ", ""): r["median_s"]
             for r in rep["rows"] if r.get("ran")}
    bad = [r["name"] for r in rep["rows"] if r.get("ran") and not r["correct"]]
    if bad:
        raise SystemExit(f"wrong result under SMPI: {bad}")
    return {"times": times, "wall": wall, "cpu": cpu, "rss_mb": rss / 1024,
            "verified": rep.get("verified", True),
            "load": os.getloadavg()[0], "cmd": cmd, "steps": rep["steps"],
            "messages": rep["messages"]}


def coll_cfg(args):
    """hpfrt learns which node each rank is on with one MPI_Allgather of P
    ints (rt::placement). SMPI's default allgather posts P - 1 sends and
    receives per rank and waits for them with a waitany loop, O(P^2) work per
    rank and O(P^3) per run: 128 ranks spent 40 s of CPU in it, 1024 did not
    finish in 22 min. Recursive doubling is log2(P) exchanges per rank; the
    collective happens before the timed redistributions, so the simulated
    times do not change."""
    return [f"--cfg=smpi/allgather:{args.allgather}"] if args.allgather else []


def fmt_cmd(cmd):
    return short(" ".join(shlex.quote(c) for c in cmd))


def ratio(s, strategy, ideal):
    t = s["times"].get(strategy)
    return "-" if t is None else f"{t / ideal:.2f}"


def strategies_table(args, case, runs):
    print(f"\n#### {case}, {args.bytes_per_rank // 1024} KiB per rank\n")
    print("| ranks | topology | hosts x ranks | scheduler | messages | steps "
          "| ideal (ms) "
          "| SMPI async / ideal | SMPI steps / ideal | model async / ideal "
          "| model steps / ideal | CPU (s) | peak RSS (MB) | wall (s), load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    cmds = []
    for ranks, topo, rph in runs:
        src, dst, label = case_formats(case, ranks, args.bytes_per_rank)
        # Every simulated rank computes the whole plan, one after another
        # on this machine: `auto` (all schedulers + local search) costs
        # P x its plan time, 30-60 min of CPU at 1024 ranks.
        sch = "auto" if ranks < 1024 else args.scale_scheduler
        m = model(args, src, dst, ranks, rph, topo, sch)
        s = simulate(args, src, dst, ranks, rph, topo, args.strategies, sch,
                     args.smpi_cfg)
        ideal = m["ideal_ms"] / 1e3
        mark = "" if s["verified"] else "*"
        print(f"| {ranks}{mark} | {topo} | {ranks // rph} x {rph} | {sch} "
              f"| {s['messages']} "
              f"| {s['steps']} | {m['ideal_ms']:.2f} "
              f"| {ratio(s, 'async', ideal)} "
              f"| {ratio(s, 'steps', ideal)} | {m['async']:.2f} "
              f"| {m['steps']:.2f} | {s['cpu']:.1f} | {s['rss_mb']:.0f} "
              f"| {s['wall']:.0f}, {s['load']:.0f} |", flush=True)
        cmds.append((fmt_cmd(s["cmd"]), fmt_cmd(m["cmd"])))
    print("\n\\* shared malloc: results not verified.")
    print("\nCommands (HPF_TIMEOUT=0, in the platform directory):\n")
    for sc, mc in cmds:
        print(f"- `{sc}`\n  model: `{mc}`")


def schedulers_table(args, case, ranks, topo, rph, schedulers):
    src, dst, label = case_formats(case, ranks, args.bytes_per_rank)
    print(f"\n#### Schedulers, {case}, {ranks} ranks, {topo} "
          f"{ranks // rph} x {rph}\n")
    print("| scheduler | steps | SMPI steps / ideal | model steps / ideal "
          "| CPU (s) | wall (s), load |")
    print("|---|---|---|---|---|---|")
    cmd = None
    for sch in schedulers:
        m = model(args, src, dst, ranks, rph, topo, sch)
        s = simulate(args, src, dst, ranks, rph, topo, "steps", sch,
                     args.smpi_cfg)
        ideal = m["ideal_ms"] / 1e3
        print(f"| {sch} | {s['steps']} | {s['times']['steps'] / ideal:.2f} "
              f"| {m['steps']:.2f} | {s['cpu']:.1f} "
              f"| {s['wall']:.0f}, {s['load']:.0f} |", flush=True)
        cmd = s["cmd"]
    print(f"\nCommand: `{fmt_cmd(cmd)}` with each `--scheduler`.")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", required=True, help="SMPI build's hpf-bench")
    ap.add_argument("--hpf-plan", required=True, help="hpf-plan (normal build)")
    ap.add_argument("--work", required=True, help="platforms, smpirun files")
    ap.add_argument("--bytes-per-rank", type=int, default=128 * 1024)
    ap.add_argument("--ranks", default="64,256,1024,4096")
    ap.add_argument("--cases", default="block-cyclic,cyclic4-cyclic3,gen_block")
    ap.add_argument("--topologies", default="star:1,star:16,fattree:1,dragonfly:1",
                    help="topology:ranks-per-host, at the largest --ranks "
                         "below 4096 (star:1 at every size)")
    ap.add_argument("--no-star", action="store_true",
                    help="only --topologies (no star:1 row at every size)")
    ap.add_argument("--schedulers", default="auto,round-robin,coloring,nice-lp")
    ap.add_argument("--scheduler-ranks", type=int, default=64)
    ap.add_argument("--scale-scheduler", default="coloring",
                    help="scheduler from 1024 ranks on (cheap plans)")
    ap.add_argument("--strategies", default="steps,async",
                    help="hpfrt strategies of the first table")
    ap.add_argument("--shared-from", type=int, default=1024,
                    help="shared malloc (no verification) from this many "
                         "ranks on")
    ap.add_argument("--stack-kib", type=int, default=1024,
                    help="stack of each simulated rank with shared malloc")
    ap.add_argument("--allgather", default="rdb",
                    help="SMPI's MPI_Allgather algorithm (smpi/allgather; "
                         "'' for SMPI's default, O(P^3) CPU per run)")
    ap.add_argument("--flow-only", action="store_true",
                    help="SMPI's latency and bandwidth factors at 1 (a pure "
                         "flow model, like the cost model)")
    args = ap.parse_args()
    args.work = os.path.abspath(args.work)
    args.bench = os.path.abspath(args.bench)
    os.makedirs(args.work, exist_ok=True)
    args.smpi_cfg = (["--cfg=smpi/lat-factor:0:1", "--cfg=smpi/bw-factor:0:1"]
                     if args.flow_only else [])
    ranks = [int(r) for r in args.ranks.split(",")]
    topos = [(t.split(":")[0], int(t.split(":")[1]))
             for t in args.topologies.split(",") if t]
    mid = max([r for r in ranks if r < 4096] or ranks)
    for case in args.cases.split(","):
        runs = [] if args.no_star else [(r, "star", 1) for r in ranks]
        runs += [(mid, t, k) for t, k in topos if (t, k) != ("star", 1)
                 and mid // k >= (64 if t == "dragonfly" else 4)]
        strategies_table(args, case, runs)
    if args.schedulers:
        for case in args.cases.split(","):
            schedulers_table(args, case, args.scheduler_ranks, "star", 1,
                             args.schedulers.split(","))


if __name__ == "__main__":
    main()
