#!/bin/bash
# test/cluster/nsexec.sh - the "ssh" Hydra uses to start a proxy on a host of
# the emulated cluster (emu.sh): runs the command inside host K's network
# namespace hpfcK, with its own hostname hK (cosmetic: messages name hosts).
# Hydra calls: nsexec.sh [ssh options] 10.78.0.1K "<proxy command line>".
while [ $# -gt 0 ]; do
  case "$1" in
  -o | -p | -l | -i) shift 2 ;;
  -*) shift ;;
  *) break ;;
  esac
done
host=$1
shift
case "$host" in
10.78.0.1[0-9]) K=${host#10.78.0.1} ;;
h[0-9]) K=${host#h} ;;
*) echo "nsexec.sh: unknown host $host" >&2; exit 255 ;;
esac
# Like ssh, the remaining words are one shell command line.
exec ip netns exec hpfc$K unshare --uts sh -c "hostname h$K; exec $*"
