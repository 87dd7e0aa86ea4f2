#!/bin/bash
# test/cluster/npb-cluster.sh BUILD_DIR [npb-bench options] - the NAS
# kernels of examples/npb on the emulated cluster of emu.sh: 4 hosts (one
# rank each) on one switch, every link shaped to 1 Gbit/s, through
# tools/npb-bench/npb-bench.py --emu (its options follow: --classes,
# --runs, --mpi-dir for NPB 3.4's MPI version on the same hosts, the
# kernels). The sequential build runs on the machine itself. Needs root
# and `ip netns`; whatever it set up is torn down on exit.
#   sudo test/cluster/npb-cluster.sh build --classes A --runs 3 \
#     --mpi-dir NPB3.4.1/NPB3.4-MPI examples/npb/*.cpp
set -eo pipefail
BUILD=$(cd "${1:-build}" && pwd)
shift || true
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if [ "$(id -u)" != 0 ]; then
  echo "npb-cluster: needs root (network namespaces, tc)" >&2
  exit 1
fi
EMU="$HERE/emu.sh"
trap '"$EMU" down; echo "npb-cluster: torn down"' EXIT INT TERM
"$EMU" down
mkdir -p "$HERE/build"
mpicc.mpich -O2 -shared -fPIC -o "$HERE/build/epshim.so" "$HERE/epshim.c" -ldl
"$EMU" up "${HOSTS:-4}" "${RATE:-1gbit}"
python3 "$ROOT/tools/npb-bench/npb-bench.py" --hpfcc "$BUILD/bin/hpfcc" \
  --emu "$EMU" --ranks "${HOSTS:-4}" --tmp "${TMPDIR:-/tmp}/npb-cluster" "$@"
