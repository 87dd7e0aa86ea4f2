#!/usr/bin/env bash
# make demo: show what hpfcc does, end to end, with the built tools.
#   1. the plan of paper 000's motivating example, cyclic(4) -> cyclic(3) on
#      p = q = 5: communication table, schedule table, cost vs round-robin,
#      and its Gantt chart as SVG;
#   2. when the compiler is built: an annotated C++ program compiled with
#      hpfcc and run under mpiexec.
set -euo pipefail
BUILD=${1:-build}
BIN="$BUILD/bin"
OUT="$BUILD/demo"
mkdir -p "$OUT"

echo "== hpf-plan: paper 000 (Guo & Pan), cyclic(4) -> cyclic(3), p = q = 5"
"$BIN/hpf-plan" --src 'cyclic(4)' --dst 'cyclic(3)' --p 5
echo
echo "== every scheduler on the same redistribution"
"$BIN/hpf-plan" compare --src 'cyclic(4)' --dst 'cyclic(3)' --p 5
"$BIN/hpf-plan" --src 'cyclic(4)' --dst 'cyclic(3)' --p 5 --format svg -o "$OUT/guo-pan.svg"
"$BIN/hpf-plan" --src 'cyclic(4)' --dst 'cyclic(3)' --p 5 --scheduler round-robin \
  --format svg -o "$OUT/guo-pan-round-robin.svg"
echo
echo "Gantt charts: $OUT/guo-pan.svg (auto), $OUT/guo-pan-round-robin.svg (round-robin)"

if [[ -x "$BIN/hpfcc" && -f examples/demo.cpp ]]; then
  echo
  echo "== hpfcc: examples/demo.cpp compiled with the plugin, run on 4 ranks"
  "$BIN/hpfcc" -O2 examples/demo.cpp -o "$OUT/demo"
  MPIEXEC_TIMEOUT=120 mpiexec.mpich -n 4 "$OUT/demo"
fi
