#!/bin/bash
# test/cluster/emu.sh - an emulated cluster on one machine (root only).
#
#   emu.sh up N RATE       N hosts (network namespaces hpfc0..hpfcN-1, address
#                          10.78.0.1K on eth0) on one switch (bridge br0 in
#                          namespace hpfcbr); every host link shaped to RATE
#                          both ways (tbf: the kernel here may lack netem)
#   emu.sh racks "2 3" RATE  the listed hosts move to a second switch br1;
#                          the switches are joined by one trunk of RATE
#   emu.sh down            removes exactly what up/racks made (by name)
#   emu.sh run NP HOSTS PROG ARGS...   mpiexec.mpich inside hpfc0, one Hydra
#                          proxy per host through nsexec.sh; HOSTS like
#                          10.78.0.10:2,10.78.0.11:2 (empty: NP hosts x 1);
#                          forwards the HPF_* settings below, EPSHIM_SPIN/MS
#                          and any other UCX_* set by the caller (to try
#                          settings; UCX_RNDV_THRESH defaults to inf); its
#                          status is mpiexec's, or 0 when every rank ended
#                          and only Hydra's teardown failed (said on stderr)
#
# Why each setting (measured on this kind of machine): UCX must be kept off shared memory between
# namespaces (UCX_TLS=tcp,self, UCX_NET_DEVICES=eth0) or almost nothing
# crosses the links; eager protocol (UCX_RNDV_THRESH=inf) keeps control
# messages from queueing behind bulk data; tbf needs a burst >= 128 KB at
# 1 Gbit/s; TSQ 32 KB per socket and cubic per route keep TCP at the link
# rate; epshim.so sleeps UCX's busy polling (8 ranks on 2 cores) and ends
# ranks after a barrier instead of MPI_Finalize, which hangs in about half
# of the runs over UCX/TCP.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
P=hpfc            # namespace prefix: never the recipe's ns0.. or anyone else's
BR=${P}br
NET=10.78.0
n() { ip -n $BR "$@"; }
has() { ip netns list | awk '{print $1}' | grep -qx "$1"; }

up() {
  local N=$1 RATE=${2:-1gbit}
  has $BR || { ip netns add $BR; n link set lo up; n link add br0 type bridge; n link set br0 up; }
  for K in $(seq 0 $((N - 1))); do
    has $P$K && continue
    ip netns add $P$K
    ip -n $P$K link set lo up
    ip -n $P$K link add eth0 type veth peer name b$K netns $BR
    ip -n $P$K addr add $NET.1$K/24 dev eth0
    ip -n $P$K link set eth0 mtu 1500 up
    n link set b$K master br0
    n link set b$K mtu 1500 up
    ip -n $P$K route replace $NET.0/24 dev eth0 proto kernel scope link src $NET.1$K congctl cubic
    ip netns exec $P$K sysctl -q -w net.ipv4.tcp_limit_output_bytes=32768 net.ipv4.tcp_slow_start_after_idle=0
    # Up: the host's NIC (TCP is back-pressured, large limit); down: the
    # switch port towards the host (its limit is the port buffer).
    ip netns exec $P$K tc qdisc replace dev eth0 root tbf rate $RATE burst 256kb limit 4mb
    ip netns exec $BR tc qdisc replace dev b$K root tbf rate $RATE burst 256kb limit 512kb
  done
}

racks() {
  local RATE=${2:-1gbit}
  n link add br1 type bridge
  n link set br1 up
  for K in $1; do n link set b$K nomaster; n link set b$K master br1; n link set b$K up; done
  n link add tr0 type veth peer name tr1
  n link set tr0 master br0
  n link set tr1 master br1
  n link set tr0 up
  n link set tr1 up
  for D in tr0 tr1; do ip netns exec $BR tc qdisc add dev $D root tbf rate $RATE burst 256kb limit 512kb; done
}

down() {
  for K in 0 1 2 3 4 5 6 7 8 9; do has $P$K && ip netns del $P$K; done
  has $BR && ip netns del $BR   # the bridges and the trunk go with it
  return 0
}

run() {
  local NP=$1 HOSTS=$2 RC=0 ENDED EXITED
  shift 2
  if [ -z "$HOSTS" ]; then
    HOSTS=$(for K in $(seq 0 $((NP - 1))); do printf "$NET.1%d," $K; done)
    HOSTS=${HOSTS%,}
  fi
  # Each rank that reaches the end with the others leaves a file here
  # (epshim's EPSHIM_EXIT_DIR).
  EXITED=$(mktemp -d)
  local G=(-genv UCX_TLS tcp,self -genv UCX_NET_DEVICES eth0 -genv UCX_RNDV_THRESH "${UCX_RNDV_THRESH:-inf}"
           -genv EPSHIM_FINALIZE exit -genv EPSHIM_EXIT_DIR "$EXITED" -genv LD_PRELOAD "$HERE/build/epshim.so")
  for V in HPF_STRATEGY HPF_VERIFY HPF_SCHEDULER HPF_CHUNK_BYTES HPF_SHM HPF_TIMEOUT HPF_POLL_SLEEP_US \
    EPSHIM_SPIN EPSHIM_MS $(compgen -v UCX_ | grep -vxE 'UCX_(TLS|NET_DEVICES|RNDV_THRESH)'); do
    [ -n "${!V}" ] && G+=(-genv $V "${!V}")
  done
  # Hydra forwards stdin to rank 0: never let it eat a caller's loop input.
  timeout ${TMO:-180} ip netns exec ${P}0 unshare --uts sh -c 'hostname h0; exec "$@"' sh \
    mpiexec.mpich -launcher ssh -launcher-exec "$HERE/nsexec.sh" -hosts "$HOSTS" \
    -n "$NP" "${G[@]}" "$@" </dev/null || RC=$?
  ENDED=$(find "$EXITED" -type f | wc -l)
  rm -rf "$EXITED"
  # MPICH 4.0's Hydra sometimes fails its own teardown after every rank has
  # ended (a proxy's `assert (!closed)`, a broken pipe returning a status, a
  # rank hung up in epshim's final sleep: 3 and 1 of 40 jobs of one example
  # at 4 x 2, two series): the job did its work; said, not failed. Its
  # banner stays on stdout.
  if [ $RC != 0 ] && [ "$ENDED" -eq "$NP" ]; then
    echo "emu.sh: all $NP ranks ended; then Hydra's teardown failed (exit status $RC): status 0" >&2
    RC=0
  fi
  return $RC
}

cmd=$1
shift
case $cmd in
up | racks | down | run) $cmd "$@" ;;
*) echo "usage: emu.sh up N RATE | racks \"HOSTS\" RATE | down | run NP HOSTS PROG..." >&2; exit 2 ;;
esac
