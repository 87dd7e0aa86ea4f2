#!/usr/bin/env bash
# Installs the Debian 12 packages hpfcc needs, only those that are missing.
# Non-interactive, waits for the dpkg lock instead of failing (CI machines run
# unattended-upgrades at boot). Run as root, or with sudo available.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ python3 make
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libclang-rt-19-dev
  mpich libmpich-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
)
# Optional baseline for hpf-bench (pulls in Open MPI; we always call the
# *.mpich binaries explicitly). Set HPF_WITH_SCALAPACK=0 to skip.
if [[ "${HPF_WITH_SCALAPACK:-1}" == 1 ]]; then
  PACKAGES+=(libscalapack-mpich-dev)
fi

# SimGrid's SMPI for `make smpi-bench` (tools/smpi/run.sh sets it; about
# 24 MB of archives, 205 MB installed, 34 s here, with Boost and ns-3).
# Off by default: `make test` does not need it.
if [[ "${HPF_WITH_SIMGRID:-0}" == 1 ]]; then
  PACKAGES+=(libsimgrid-dev)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

SUDO=""
if [[ $(id -u) != 0 ]]; then SUDO="sudo"; fi
echo "hpfcc: installing missing Debian packages: ${missing[*]}"
APT=($SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -y -q)
"${APT[@]}" update
"${APT[@]}" install --no-install-recommends "${missing[@]}"
