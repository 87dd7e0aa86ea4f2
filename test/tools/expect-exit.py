#!/usr/bin/env python3
"""expect-exit CODE CMD...: run CMD, pass its output through, and exit 0 only
if CMD exited with CODE (lit's internal shell has no `$?`)."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write(f"expect-exit: expected exit code {want}, got {got}\n")
    sys.exit(1)
