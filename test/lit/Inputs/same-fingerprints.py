"""Compares the fingerprints of the static plans in a rewritten file (in
emission order) with the run-time plans' fingerprints listed in a file."""
import re
import sys

rewritten, runtime = open(sys.argv[1]).read(), open(sys.argv[2]).read().split()
# The fingerprint field of each emitted hpf::static_plan initializer.
static = re.findall(r"(0x[0-9a-f]+)ull", rewritten)
if not static or static != runtime:
    sys.exit(f"static plans {static} differ from the run-time plans {runtime}")
print(f"{len(static)} static plans equal the run-time plans")
