# lit configuration of the compiler suite (see CMakeLists.txt).
import os
import shutil
import sys

import lit.formats

config.name = "hpfcc-compiler"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# A hung MPI run fails fast instead of blocking the suite.
config.environment["MPIEXEC_TIMEOUT"] = "120"
for var in ("HPF_STRATEGY", "HPF_SCHEDULER", "HPF_VERIFY", "HPFCC_CXX", "HPFCC_PCH"):
    config.environment.pop(var, None)
# hpfcc's precompiled runtime headers live in the build tree, not in ~/.cache.
config.environment["HPFCC_CACHE_DIR"] = os.path.join(
    config.hpf_obj_root, "test", "hpfcc-cache")

src = config.hpf_src_root
includes = " ".join(
    ["-I" + os.path.join(src, "runtime")]
    + ["-I" + d for d in config.mpi_includes.split()])
libs = " ".join([os.path.join(config.hpf_lib_dir, "libhpfrt.a"),
                 os.path.join(config.hpf_lib_dir, "libhpfplan.a")] + config.mpi_libs.split())
plugin = config.hpf_plugin
# ORDER MATTERS: longer names before their prefixes.
config.substitutions += [
    ("%clang_hpf", f"{config.clangxx} -fsyntax-only -ferror-limit=0 -fplugin={plugin}"),
    ("%clang_verify", f"{config.clangxx} -fsyntax-only -ferror-limit=0 -fplugin={plugin} -Xclang -verify"),
    ("%hpf_plugin", plugin),
    # The rewritten file keeps the test's comments: drop the check lines so
    # that a pattern can never match itself.
    ("%strip_checks", "grep -Ev '^ *// [A-Z][A-Z0-9-]*:'"),
    ("%hpf_includes", includes),
    ("%hpf_libs", libs),
    ("%hpfcc", config.hpfcc or "false"),
    ("%clangxx", config.clangxx),
    ("%gxx", shutil.which("g++") or "g++"),
    ("%mpiexec", config.mpiexec or "false"),
    ("%python", sys.executable),
    ("%cmake", config.cmake),
    ("%hpf_obj_root", config.hpf_obj_root),
    ("%hpf_src_root", src),
    ("%hpf-plan", os.path.join(config.hpf_bin_dir, "hpf-plan")),
    ("%e2e", f"{sys.executable} {os.path.join(os.path.dirname(__file__), 'Inputs', 'e2e.py')}"
             f" --hpfcc {config.hpfcc or 'false'} --cxx {config.clangxx}"
             f" --mpiexec {config.mpiexec or 'false'}"),
]
if config.hpfcc:
    config.available_features.add("hpfcc")
if config.hpfcc and config.mpiexec:
    config.available_features.add("mpi")
