#!/bin/bash
# test/cluster/cluster-test.sh BUILD_DIR - `make cluster-test`: hpfrt on an
# emulated cluster of 4 hosts (emu.sh: network namespaces, 1 Gbit/s links,
# MPICH Hydra through ip netns exec). Needs root and `ip netns`; without
# them it prints one line saying so and succeeds (CI is not root).
#   1. star: every example (examples/*.cpp) at 4 hosts x 1 and x 2 ranks,
#      HPF_VERIFY=1 (which also names the executor: async across nodes),
#      output equal to the sequential build; at x 2 also with the
#      node-aware executors host-steps, nodes and hybrid (PLACEMENTS);
#   2. a host that dies mid-redistribution (its link cut): the job ends
#      with hpfrt's watchdog message, no hang;
#   3. star and two racks (hosts 2,3 behind one 1 Gbit/s trunk): hpf-bench
#      tables (tables.py) with the ideal, every result checked.
# Whatever it set up is torn down on exit (trap), also on failure or ^C.
# Environment: SIZE (16MiB), RUNS (1), REPS (3), PLACEMENTS, PER_HOST (ranks
# per host of the tables: "1 2"), TABLES=0 skips part 3,
# DEAD=0 part 2, EXAMPLES=0 part 1 (docs/bench-cluster.md gives the command
# of each of its tables).
set -eo pipefail
BUILD=$(cd "${1:-build}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if [ "$(id -u)" != 0 ]; then
  echo "cluster-test: SKIPPED: needs root (network namespaces, tc)"
  exit 0
fi
if ! ip netns list >/dev/null 2>&1 || ! command -v tc >/dev/null; then
  echo "cluster-test: SKIPPED: no 'ip netns' or 'tc' on this machine"
  exit 0
fi
EMU="$HERE/emu.sh"
trap '"$EMU" down; echo "cluster-test: torn down"' EXIT INT TERM
"$EMU" down # leftovers of an interrupted run (exact names only)

OUT="$BUILD/cluster"
mkdir -p "$OUT" "$HERE/build"
mpicc.mpich -O2 -shared -fPIC -o "$HERE/build/epshim.so" "$HERE/epshim.c" -ldl
"$EMU" up 4 1gbit

FAIL=0
# Ranks per host / executor of each example run: the default, and the
# node-aware executors (host-steps, nodes, hybrid) with two ranks per host,
# where they differ from rank-level execution.
PLACEMENTS=${PLACEMENTS:-"1/default 2/default 2/host-steps 2/nodes 2/hybrid"}
[ "${EXAMPLES:-1}" != 0 ] && echo "== examples, star, 4 hosts, HPF_VERIFY=1: $PLACEMENTS (ranks per host/executor)"
# One example job: NP ranks on HOSTS, stdout and stderr to GOT.out/.err,
# emu.sh's exit status to GOT.rc.
run_example() {
  local NP=$1 HOSTS=$2 GOT=$3 RC=0
  HPF_STRATEGY=$SET HPF_VERIFY=1 "$EMU" run $NP "$HOSTS" "$OUT/$NAME.hpf" >"$GOT.out" 2>"$GOT.err" || RC=$?
  echo $RC >"$GOT.rc"
}

# Hydra's banner for a failed process (on stdout, after the job's output:
# a block of '=' lines, then an "EXIT STRING" and two lines of advice), and
# the blank line before it, removed.
without_banner() {
  awk 'length($0) >= 80 && /^=+$/ { inb = !inb; held = 0; next }
       inb { next }
       /^YOUR APPLICATION TERMINATED WITH THE EXIT STRING: / { tail = 2; next }
       tail > 0 { tail--; next }
       { if (held) print ""; held = 0 }
       $0 == "" { held = 1; next }
       { print }
       END { if (held) print "" }' "$1"
}

for SRC in $([ "${EXAMPLES:-1}" != 0 ] && echo "$ROOT"/examples/*.cpp); do
  NAME=$(basename "$SRC" .cpp)
  /usr/lib/llvm-19/bin/clang++ -std=c++20 -O1 -w "$SRC" -o "$OUT/$NAME.seq"
  "$BUILD/bin/hpfcc" -std=c++20 -O1 "$SRC" -o "$OUT/$NAME.hpf"
  "$OUT/$NAME.seq" >"$OUT/$NAME.expected"
  for RUN in $PLACEMENTS; do
    PER=${RUN%%/*}
    STRAT=${RUN#*/}
    HOSTS=10.78.0.10:$PER,10.78.0.11:$PER,10.78.0.12:$PER,10.78.0.13:$PER
    GOT="$OUT/$NAME.4x$PER.$STRAT"
    NP=$((4 * PER))
    # HPF_STRATEGY empty = the default executor (async across nodes).
    [ "$STRAT" = default ] && SET= || SET=$STRAT
    run_example $NP "$HOSTS" "$GOT"
    # An example written for more processors (paper000: 5) runs with that
    # many ranks over the 4 hosts (Hydra fills them in blocks of PER=2).
    NEED=$(sed -n 's/.*needs \([0-9]*\) processors, but the program runs on.*/\1/p' "$GOT.err" | head -1)
    if [ -n "$NEED" ] && [ "$NEED" -gt $NP ]; then
      HOSTS=10.78.0.10:2,10.78.0.11:2,10.78.0.12:2,10.78.0.13:2
      GOT="$OUT/$NAME.4h$NEED.$STRAT"
      NP=$NEED
      run_example $NP "$HOSTS" "$GOT"
      PER="$PER: needs $NEED ranks, ran $NEED over 4 hosts"
    fi
    # Judged by the output and by emu.sh's status (0: every rank ended;
    # a failure of Hydra's own teardown after that is said on the ok line).
    if [ "$(cat "$GOT.rc")" = 0 ] && without_banner "$GOT.out" | cmp -s "$OUT/$NAME.expected" - &&
      ! grep -q "hpfrt: error" "$GOT.err"; then
      EXEC=$( (grep -o "executor [a-z-]* ([^)]*)" "$GOT.err" || true) | sort -u | paste -sd ";" -)
      HYDRA=$(grep -m1 -o "Hydra's teardown failed (exit status [0-9]*)" "$GOT.err" || true)
      [ -n "$HYDRA" ] && HYDRA=" (then $HYDRA after all $NP ranks ended: $(grep -m1 -o '\[proxy[^ ]* [^ ]*.*\|\[mpiexec[^ ]* [^ ]*.*' "$GOT.err" | cut -c1-120))"
      echo "ok   $NAME 4x$PER $STRAT: same output as sequential; ${EXEC:-no redistribution}$HYDRA"
    else
      echo "FAIL $NAME 4x$PER $STRAT: output differs, error, or exit status $(cat "$GOT.rc") (see $GOT.out, $GOT.err)"
      FAIL=1
    fi
  done
done

if [ "${DEAD:-1}" != 0 ]; then
  # A host that vanishes from the network (no reset, no exit: TCP and
  # mpiexec would wait for ever) must end the job with hpfrt's watchdog
  # message (runtime/mpi/Watchdog.h), well before the harness's timeout.
  echo "== a host dies mid-redistribution: host 3's link cut after 8 s, HPF_TIMEOUT=10"
  LOG="$OUT/dead-host"
  START=$(date +%s)
  HPF_TIMEOUT=10 TMO=150 "$EMU" run 4 "" "$BUILD/bin/hpf-bench" --src "cyclic(4)" --dst "cyclic(3)" \
    --p 4 --q 4 --size 64MiB --strategy async --reps 2000 >"$LOG.out" 2>"$LOG.err" &
  JOB=$!
  sleep 8
  ip -n hpfc3 link set eth0 down
  RC=0
  wait $JOB || RC=$?
  SECS=$(($(date +%s) - START))
  ip -n hpfc3 link set eth0 up
  for K in 0 1 2 3; do ip netns pids hpfc$K | xargs -r kill -9; done # rank 3
  if [ $RC != 0 ] && [ $SECS -lt 100 ] && grep -q "hpfrt: error: rank [0-9]*: redistribute: no progress for 10 s (HPF_TIMEOUT)" "$LOG.err"; then
    echo "ok   dead host: the job ended after $SECS s (exit $RC): $(grep -m1 -o "rank [0-9]*: redistribute: no progress[^:]*" "$LOG.err")"
  else
    echo "FAIL dead host: exit $RC after $SECS s (see $LOG.err)"
    FAIL=1
  fi
fi

if [ "${TABLES:-1}" != 0 ]; then
  for PER in ${PER_HOST:-1 2}; do
    echo "== hpf-bench, star, 4 hosts x $PER"
    python3 "$HERE/tables.py" --bench "$BUILD/bin/hpf-bench" --hosts 4 --per-host $PER \
      --size "${SIZE:-16MiB}" --runs "${RUNS:-1}" --reps "${REPS:-3}" --check || FAIL=1
  done
  "$EMU" racks "2 3" 1gbit
  for PER in ${PER_HOST:-1 2}; do
    echo "== hpf-bench, two racks, 4 hosts x $PER"
    python3 "$HERE/tables.py" --bench "$BUILD/bin/hpf-bench" --hosts 4 --per-host $PER \
      --racks "2 3" --size "${SIZE:-16MiB}" --runs "${RUNS:-1}" --reps "${REPS:-3}" --check || FAIL=1
  done
fi
[ $FAIL = 0 ] && echo "cluster-test: PASSED" || echo "cluster-test: FAILED"
exit $FAIL
