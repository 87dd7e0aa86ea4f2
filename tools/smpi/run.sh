#!/usr/bin/env bash
# `make smpi-bench`: installs SimGrid (libsimgrid-dev) if it is missing,
# builds hpfrt + hpf-bench with smpicxx into build-smpi/ (tools/smpi/
# CMakeLists.txt) and prints the SMPI tables of docs/bench-simulate.md
# (tools/smpi/smpi-bench.py; its options pass through, e.g.
#   tools/smpi/run.sh --ranks 64,256 --cases block-cyclic
# ). Needs the normal build's hpf-plan (build/bin) for the cost model.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if ! command -v smpicxx >/dev/null || ! command -v smpirun >/dev/null; then
  HPF_WITH_SIMGRID=1 ./scripts/install-deps.sh
fi
if [[ ! -x build/bin/hpf-plan ]]; then
  echo "smpi-bench: build/bin/hpf-plan missing: run 'make build' first" >&2
  exit 1
fi
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S tools/smpi -B build-smpi -G Ninja -DCMAKE_CXX_COMPILER=smpicxx \
  "${launcher[@]}" >build-smpi.log || { cat build-smpi.log; exit 1; }
rm -f build-smpi.log
cmake --build build-smpi -j 2
exec python3 tools/smpi/smpi-bench.py --bench build-smpi/bin/hpf-bench \
  --hpf-plan build/bin/hpf-plan --work build-smpi/platforms "$@"
