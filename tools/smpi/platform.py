#!/usr/bin/env python3
"""Writes a SimGrid platform (XML) and an smpirun hostfile for hpf-bench.

  platform.py --topology star|fattree|dragonfly --hosts H --ranks-per-host K
              --out DIR

Every host link runs at --link-gbit each way (SPLITDUPLEX, like full-duplex
Ethernet; the emulated cluster of docs/bench-cluster.md is 1 Gbit/s) with
--lat-us latency. Topologies:
  star       one switch, no backbone limit: only the host links count
             (the `hpf-plan simulate` default, --hosts-per-rack 0).
  fattree    two levels: leaves of L hosts (L = 16, fewer on small
             machines), each leaf with L/2 up-links to L/2 spine switches:
             2:1 oversubscribed, as `hpf-plan simulate --hosts-per-rack L`
             (trunk = L/2 links). SimGrid routes each pair over one up-link
             (no adaptive routing), the model pools the trunk.
  dragonfly  groups of 4 chassis x 4 routers x 4 hosts (64 hosts a group),
             all links at the host rate, one link between two groups; above
             256 hosts 4 groups of 4 chassis x H/64 routers x 4 hosts
             (SimGrid 3.32 crashes routing across more groups). The cost
             model has no dragonfly.
A host's own messages use a 10 GB/s loopback (the model's --shm-gbyte).
Hosts get K cores so that K ranks run on each (the hostfile says host:K).
"""
import argparse
import math
import os


def topology_attrs(topo, hosts):
    if topo == "star":
        return ""
    if topo == "fattree":
        leaf = 16 if hosts >= 64 else max(2, int(math.isqrt(hosts)))
        if hosts % leaf:
            raise SystemExit(f"fattree: {hosts} hosts are not leaves of {leaf}")
        spines = max(1, leaf // 2)
        return (f' topology="FAT_TREE" '
                f'topo_parameters="2;{leaf},{hosts // leaf};1,{spines};1,1"')
    if topo == "dragonfly":
        if hosts % 64:
            raise SystemExit("dragonfly: hosts must be a multiple of 64")
        if hosts <= 256:
            return (f' topology="DRAGONFLY" '
                    f'topo_parameters="{hosts // 64},1;4,1;4,1;4"')
        # SimGrid 3.32 segfaults routing from group 0 to group 4 or later
        # (16 groups of 4 x 4 x 4 at 1024 hosts): beyond 256 hosts, 4
        # groups of 4 chassis x hosts/64 routers x 4 hosts.
        if hosts % 256:
            raise SystemExit("dragonfly: above 256 hosts, a multiple of 256")
        return (f' topology="DRAGONFLY" '
                f'topo_parameters="4,1;4,1;{hosts // 64},1;4"')
    raise SystemExit(f"unknown topology {topo}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--topology", required=True)
    ap.add_argument("--hosts", type=int, required=True)
    ap.add_argument("--ranks-per-host", type=int, default=1)
    ap.add_argument("--link-gbit", type=float, default=1.0)
    ap.add_argument("--lat-us", type=float, default=25.0)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    name = f"{a.topology}-{a.hosts}x{a.ranks_per_host}"
    xml = os.path.join(a.out, name + ".xml")
    with open(xml, "w") as f:
        f.write(f"""<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<!-- {a.topology}, {a.hosts} hosts x {a.ranks_per_host} cores, host links {a.link_gbit:g} Gbit/s each way,
     written by tools/smpi/platform.py -->
<platform version="4.1">
  <cluster id="c" prefix="h" suffix="" radical="0-{a.hosts - 1}" speed="1Gf"
           core="{a.ranks_per_host}" bw="{a.link_gbit:g}Gbps" lat="{a.lat_us:g}us"
           loopback_bw="10GBps" loopback_lat="0us"
           sharing_policy="SPLITDUPLEX"{topology_attrs(a.topology, a.hosts)}/>
</platform>
""")
    with open(os.path.join(a.out, name + ".hosts"), "w") as f:
        for h in range(a.hosts):
            f.write(f"h{h}:{a.ranks_per_host}\n")
    print(xml)


if __name__ == "__main__":
    main()
