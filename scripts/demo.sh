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

if [[ -x "$BIN/hpfcc" ]]; then
  EXAMPLE=examples/redistribute.cpp
  echo
  echo "== hpfcc: $EXAMPLE (cyclic(4) on 4 -> cyclic(3) on 5, owner-computes loops, reductions)"
  echo "   hpfcc -Rhpf -O2 $EXAMPLE -o $OUT/redistribute   (remarks show the compile-time plan)"
  "$BIN/hpfcc" -Rhpf -O2 "$EXAMPLE" -o "$OUT/redistribute"
  echo
  echo "== mpiexec.mpich -n 5 $OUT/redistribute"
  MPIEXEC_TIMEOUT=120 mpiexec.mpich -n 5 "$OUT/redistribute" | tee "$OUT/parallel.txt"
  echo
  echo "== the same file as a plain sequential program (pragmas ignored)"
  g++ -O2 -Wno-unknown-pragmas "$EXAMPLE" -o "$OUT/sequential"
  "$OUT/sequential" | tee "$OUT/sequential.txt"
  if cmp -s "$OUT/parallel.txt" "$OUT/sequential.txt"; then
    echo "parallel and sequential output agree"
  else
    echo "parallel and sequential output DIFFER" >&2
    exit 1
  fi
fi
