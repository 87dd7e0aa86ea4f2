# hpfcc: the two commands of the README, and a few more.
#
#   make demo    install missing Debian packages, build, show an example
#   make test    the same set-up, then every test (ASan+UBSan plan tests
#                first, then the full release suite; ctest's summary closes
#                the log)
#   make bench   print plan-time and schedule-quality figures
#   make bench-kernels  kernels: sequential vs hpfcc -n 1, -n 2, halo bytes, hand MPI
#   make bench-npb  NAS benchmarks of examples/npb: Mop/s, sequential vs hpfcc -n 1, -n 2
#   make bench-npb-cluster  the same, class A, on the emulated cluster (root)
#   make smpi-bench  simulated redistributions at scale (SimGrid SMPI)
#
# Everything is driven by CMake presets (CMakePresets.json): build/ is the
# release tree, build-asan/ the sanitizer tree.

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := demo
.PHONY: deps configure build build-asan demo test test-asan bench bench-kernels bench-npb clean

deps:
	@./scripts/install-deps.sh

configure: deps
	@cmake --preset release >build-configure.log || { cat build-configure.log; exit 1; }
	@rm -f build-configure.log

build: configure
	cmake --build --preset release

build-asan: deps
	@cmake --preset asan >/dev/null
	cmake --build --preset asan

demo: build
	@./scripts/demo.sh build

test-asan: build-asan
	ctest --preset asan

test: build test-asan
	ctest --preset release

bench: build
	./build/bin/hpf-plan bench --from 4 --to 16

bench-kernels: build
	python3 tools/kernel-bench/kernel-bench.py --hpfcc build/bin/hpfcc --ranks 1,2 --runs 3

# NPB baselines: NPB_OMP=DIR (an NPB-OMP checkout), NPB_MPI=DIR (NPB 3.4 MPI).
bench-npb: build
	python3 tools/npb-bench/npb-bench.py --hpfcc build/bin/hpfcc --classes S,W,A --runs 3 \
	  $(if $(NPB_OMP),--omp-dir $(NPB_OMP)) $(if $(NPB_MPI),--mpi-dir $(NPB_MPI))

clean:
	rm -rf build build-asan build-debug

# The emulated cluster (test/cluster/cluster-test.sh): root only, skipped with
# one line otherwise; never part of `make test`.
.PHONY: cluster-test bench-npb-cluster
cluster-test: build
	./test/cluster/cluster-test.sh build

# examples/npb on 4 emulated hosts (1 rank each, 1 Gbit/s links): root only
# (test/cluster/npb-cluster.sh; NPB_MPI=DIR adds NPB 3.4's MPI version on
# the same hosts).
bench-npb-cluster: build
	./test/cluster/npb-cluster.sh build --classes A --runs 3 \
	  $(if $(NPB_MPI),--mpi-dir $(NPB_MPI))

# Simulated runs with SimGrid's SMPI (tools/smpi/run.sh; measured up to 4096
# ranks: docs/bench-simulate.md):
# installs libsimgrid-dev if missing, builds build-smpi/, prints the tables of
# docs/bench-simulate.md. Never part of `make test`.
.PHONY: smpi-bench
smpi-bench: build
	./tools/smpi/run.sh
