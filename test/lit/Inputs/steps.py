#!/usr/bin/env python3
"""Summarises an hpf-plan JSON schedule for FileCheck: the step count,
whether every step is contention-free (no rank sends or receives twice),
the largest message of each step, whether all messages of each step have
the same size, and the cost (sum over steps of the largest message)."""
import json
import sys

plan = json.load(sys.stdin)
free, uniform, sizes = 1, 1, []
for step in plan["steps"]:
    srcs = [m["src"] for m in step]
    dsts = [m["dst"] for m in step]
    if len(set(srcs)) != len(srcs) or len(set(dsts)) != len(dsts):
        free = 0
    if len({m["size"] for m in step}) != 1:
        uniform = 0
    sizes.append(max(m["size"] for m in step))
print(f"messages {len(plan['messages'])} steps {len(plan['steps'])} contention-free {free} sizes {sizes} "
      f"uniform {uniform} cost {sum(sizes)}")
