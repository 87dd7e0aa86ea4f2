#!/usr/bin/env python3
"""test/cluster/tables.py - hpf-bench on the emulated cluster, with the ideal.

    tables.py --bench build/bin/hpf-bench --hosts 4 --per-host 1 \
        --size 64MiB --runs 5 [--racks "2 3"] [--rate-gbit 1] [--check]

Runs hpf-bench (JSON) through `emu.sh run` over the cases of
tools/hpf-bench/bench-table.py (one definition of the cases), --runs times,
and prints a Markdown table per call: for each method the median over the
runs of hpf-bench's per-run median, the min-max of those, and the ratio to
the ideal, and the CPU seconds per rank per redistribution (hpf-bench's
cpu_user_s + cpu_sys_s: the mean over the ranks, median over the runs;
waiting that the ranks spend asleep in epshim costs none). Ideal = bytes on the busiest link (a host's up or down link, or
with --racks the trunk, each direction) / the link's TCP payload rate
(rate x 1448/1514: a 1500-byte MTU frame of 1514 wire bytes carries 1448
payload bytes). Ranks are placed on hosts in blocks (Hydra's -hosts
a:2,b:2 puts ranks 0,1 on a). A job is judged by its output: --check fails
on a wrong result, an `hpfrt: error` line, or a run whose output is not
JSON (the ranks end through epshim's exit with status 0). A job that ends
with another status after its complete JSON, or whose Hydra teardown failed
after every rank ended (emu.sh's note; status 0), is reported in the
table's output, with what followed the JSON, and its results are counted.
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PAYLOAD = 1448 / 1514


def cases():
    path = os.path.join(HERE, "..", "..", "tools", "hpf-bench", "bench-table.py")
    spec = importlib.util.spec_from_file_location("bench_table", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.CASES


def ideal_seconds(j, per_host, rack_b, rate_bps):
    """Bytes on the busiest link of the placement / payload rate."""
    es = j["bytes"] / j["n"]
    host = lambda r: r // per_host
    up, down, trunk = {}, {}, {}
    for s, d, elems in j["traffic_elems"]:
        hs, hd = host(s), host(d)
        if hs == hd:
            continue  # a copy inside a host (shared memory), no link
        b = elems * es
        up[hs] = up.get(hs, 0) + b
        down[hd] = down.get(hd, 0) + b
        if (hs in rack_b) != (hd in rack_b):
            key = "A->B" if hd in rack_b else "B->A"
            trunk[key] = trunk.get(key, 0) + b
    busiest = max([0] + list(up.values()) + list(down.values()) + list(trunk.values()))
    return busiest / (rate_bps / 8 * PAYLOAD)


def cpu_times():
    """(busy, total) jiffies of the whole machine, from /proc/stat."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    return v[0] + v[1] + v[2] + v[5] + v[6] + v[7], sum(v)


def run_once(a, src, dst, p, q, ranks):
    hosts = ",".join("10.78.0.1%d:%d" % (k, a.per_host) for k in range(a.hosts))
    cmd = [os.path.join(HERE, "emu.sh"), "run", str(ranks), hosts, a.bench,
           "--src", src, "--dst", dst, "--p", str(p), "--q", str(q),
           "--size", a.size, "--strategy", a.strategies, "--baselines",
           a.baselines, "--format", "json"]
    if a.reps:
        cmd += ["--reps", str(a.reps)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    # One JSON object over several lines, after whatever Hydra printed
    # before it; Hydra may also print a banner after it (a rank's exit
    # status), which is reported, not parsed.
    i = r.stdout.find("{")
    try:
        j, end = json.JSONDecoder().raw_decode(r.stdout, i) if i >= 0 else (None, 0)
    except ValueError:
        j = None
    if j is None:
        sys.exit("tables.py: no JSON from %s (exit status %d)\n--- stdout\n%s"
                 "--- stderr\n%s" % (" ".join(cmd), r.returncode, r.stdout, r.stderr))
    teardown = "Hydra's teardown failed" in r.stderr  # emu.sh said so
    if r.returncode != 0 or teardown or "hpfrt: error" in r.stderr:
        # Judged by its output (see above), but never silently.
        tail = (r.stdout[end:].strip() + "\n" + r.stderr.strip()).strip()
        print("note: a job of this case did not end cleanly (exit status %d) after its "
              "complete JSON; its results are counted as printed. What "
              "followed:\n\n    %s\n" % (r.returncode,
                                        tail.replace("\n", "\n    ")[-1500:]))
        j["exit_status"] = r.returncode
        j["hpfrt_error"] = "hpfrt: error" in r.stderr
    return j, cmd


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--hosts", type=int, default=4)
    ap.add_argument("--per-host", type=int, default=1)
    ap.add_argument("--size", default="64MiB")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--reps", type=int, default=0)
    ap.add_argument("--racks", default="", help='hosts of rack B, e.g. "2 3"')
    ap.add_argument("--rate-gbit", type=float, default=1.0)
    ap.add_argument("--strategies", default="steps,host-steps,nodes,async,hybrid")
    ap.add_argument("--baselines", default="naive,darray,scalapack")
    ap.add_argument("--cases", default="", help="substring filter on case names")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    ranks = a.hosts * a.per_host
    rack_b = {int(h) for h in a.racks.split()}
    topo = ("two racks (hosts %s on the second, one trunk)" % a.racks
            if rack_b else "star")
    print("### %s, %d hosts x %d rank(s), %s, %g Gbit/s links\n"
          % (topo, a.hosts, a.per_host, a.size, a.rate_gbit))
    bad = 0
    for name, make in cases().items():
        if a.cases not in name:
            continue
        src, dst, p, q = make(ranks)
        runs = []
        b0, t0 = cpu_times()
        load0 = os.getloadavg()[0]
        for _ in range(a.runs):
            j, cmd = run_once(a, src, dst, p, q, ranks)
            runs.append(j)
            if j.get("hpfrt_error"):
                bad += 1
                print("HPFRT ERROR: %s" % name)
            for r in j["rows"]:
                if r["ran"] and not r.get("correct", True):
                    bad += 1
                    print("WRONG VALUES: %s, %s" % (name, r["name"]))
        b1, t1 = cpu_times()
        busy = 100.0 * (b1 - b0) / max(1, t1 - t0)
        ideal = ideal_seconds(runs[0], a.per_host, rack_b, a.rate_gbit * 1e9)
        shown = ["test/cluster/emu.sh", "run"] + [
            "hpf-bench" if c == a.bench else c for c in cmd[2:]]
        print("%s (P = %d, Q = %d): ideal %.1f ms; machine busy %.0f%% of 2 "
              "cores during the %d runs (ours included), load average %.1f "
              "before; `%s`\n" % (name, p, q, ideal * 1e3, busy, a.runs, load0,
                                 " ".join(shown)))
        print("| method | median ms | min-max ms | / ideal | CPU ms/rank |")
        print("|---|---:|---:|---:|---:|")
        for i, row in enumerate(runs[0]["rows"]):
            if not row["ran"]:
                print("| %s | n/a | %s | | |" % (row["name"], row.get("note", "")))
                continue
            meds = [j["rows"][i]["median_s"] for j in runs]
            m = statistics.median(meds)
            label = row["name"] + (" (%s)" % row["note"] if row.get("note") else "")
            cpus = [j["rows"][i].get("cpu_user_s", 0) + j["rows"][i].get("cpu_sys_s", 0)
                    for j in runs]
            cpu = "%.1f" % (statistics.median(cpus) * 1e3) if max(cpus) > 0 else ""
            print("| %s | %.1f | %.1f-%.1f | %.2f | %s |"
                  % (label, m * 1e3, min(meds) * 1e3, max(meds) * 1e3, m / ideal, cpu))
        print()
    if a.check and bad:
        sys.exit("tables.py: %d wrong results or hpfrt errors" % bad)


if __name__ == "__main__":
    main()
