#!/usr/bin/env python3
"""hpfcc in build systems: the ctest tests "buildsys" and "package".

  buildsys.py projects --build-dir B --work W
      cmake --install B into W/prefix, then configures test/buildsys/project
      both ways (CMAKE_CXX_COMPILER=hpfcc, and find_package(hpfcc) +
      hpfcc_add_executable) with Ninja and with Unix Makefiles. Each build:
      builds; a second build does nothing (ninja -n -d explain explains
      nothing, make builds nothing); touching helper.cpp rebuilds helper.cpp's
      object alone, touching params.h main.cpp's alone; the program runs
      under mpiexec.mpich -n 2.
  buildsys.py package --build-dir B --work W
      cpack -G DEB in B (output in W), checks the package's dependencies,
      unpacks it with dpkg-deb -x into W/root (no root install), then
      compiles and runs an example with W/root/opt/hpfcc/bin/hpfcc and
      builds the demo project through find_package(hpfcc) from there.

Every command is printed (docs/build-systems.md quotes them). Exits non-zero
with the reason on the first failure.
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.join(HERE, "project")
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))
MPIEXEC = shutil.which("mpiexec.mpich") or "mpiexec.mpich"
EXPECTED = "demo: 120, weighted 360"


class Failure(Exception):
    pass


def run(cmd, cwd=None, env=None, check=True):
    print("$ " + shlex.join(cmd), flush=True)
    full_env = dict(os.environ, **(env or {}))
    p = subprocess.run(cmd, cwd=cwd, env=full_env, text=True,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if check and p.returncode != 0:
        print(p.stdout)
        raise Failure(f"exit {p.returncode}: {' '.join(cmd)}")
    return p.stdout


def compiled(output):
    """Object files named in a build log ("Building CXX object X.o")."""
    return sorted(set(re.findall(r"Building CXX object (\S+\.o)\b", output)))


def run_program(exe):
    out = run([MPIEXEC, "-n", "2", exe], env={"MPIEXEC_TIMEOUT": "60"})
    if EXPECTED not in out:
        raise Failure(f"{exe}: expected '{EXPECTED}', got:\n{out}")
    print("  ran: " + EXPECTED)


def touch(path):
    # Newer than every output by more than any file system's granularity.
    time.sleep(1.1)
    os.utime(path, None)


def check_incremental(bdir, generator, src):
    """The second build does nothing; a touched file rebuilds its object."""
    build = ["cmake", "--build", bdir]
    if generator == "Ninja":
        explain = run(["ninja", "-C", bdir, "-n", "-d", "explain"])
        if "no work to do" not in explain or "explain:" in explain:
            raise Failure("second ninja build is not empty:\n" + explain)
    out = run(build)
    if compiled(out) or "Linking" in out:
        raise Failure("second build did work:\n" + out)
    print("  second build: nothing to do")
    for touched, obj in (("helper.cpp", "helper.cpp.o"),
                         ("params.h", "main.cpp.o")):
        touch(os.path.join(src, touched))
        out = run(build)
        objs = [os.path.basename(o) for o in compiled(out)]
        if objs != [obj]:
            raise Failure(f"touching {touched} rebuilt {objs}, expected "
                          f"[{obj}]:\n{out}")
        print(f"  touch {touched}: rebuilt {obj} only")
        out = run(build)
        if compiled(out):
            raise Failure(f"build after touching {touched} is not stable")


def projects(args):
    prefix = os.path.join(args.work, "prefix")
    run(["cmake", "--install", args.build_dir, "--prefix", prefix])
    hpfcc = os.path.join(prefix, "bin", "hpfcc")
    routes = {
        "compiler": [f"-DCMAKE_CXX_COMPILER={hpfcc}"],
        "package": ["-DDEMO_USE_PACKAGE=ON", f"-DCMAKE_PREFIX_PATH={prefix}"],
    }
    for generator in ("Ninja", "Unix Makefiles"):
        for route, flags in routes.items():
            print(f"== {route} route, {generator}", flush=True)
            tag = route + "-" + generator.split()[0].lower()
            # A private copy of the sources: the test touches them.
            src = os.path.join(args.work, "src-" + tag)
            bdir = os.path.join(args.work, "build-" + tag)
            shutil.copytree(PROJECT, src)
            run(["cmake", "-S", src, "-B", bdir, "-G", generator,
                 "-DCMAKE_BUILD_TYPE=Release"] + flags)
            out = run(["cmake", "--build", bdir])
            if compiled(out) != ["CMakeFiles/demo.dir/helper.cpp.o",
                                 "CMakeFiles/demo.dir/main.cpp.o"]:
                raise Failure("first build did not compile both sources:\n"
                              + out)
            check_incremental(bdir, generator, src)
            run_program(os.path.join(bdir, "demo"))


def package(args):
    start = time.time()
    out = run(["cpack", "-G", "DEB", "--config",
               os.path.join(args.build_dir, "CPackConfig.cmake"),
               "-B", os.path.join(args.work, "pkg")])
    debs = glob.glob(os.path.join(args.work, "pkg", "*.deb"))
    if len(debs) != 1:
        raise Failure("expected one .deb:\n" + out)
    deb = debs[0]
    print(f"  package: {os.path.basename(deb)}, "
          f"{os.path.getsize(deb) // 1024} KiB")
    info = run(["dpkg-deb", "-f", deb, "Package", "Version", "Depends"])
    print(info)
    for dep in ("clang-19", "mpich", "libmpich-dev"):
        if not re.search(rf"\b{re.escape(dep)}\b", info):
            raise Failure(f"package does not depend on {dep}")
    contents = run(["dpkg-deb", "-c", deb])
    for path in ("./opt/hpfcc/bin/hpfcc", "./opt/hpfcc/lib/hpfcc/libHpfPlugin.so",
                 "./opt/hpfcc/lib/libhpfrt.a", "./opt/hpfcc/include/mpi/hpfrt.h",
                 "./opt/hpfcc/lib/cmake/hpfcc/hpfccConfig.cmake"):
        if path not in contents:
            raise Failure(f"{path} is not in the package")
    root = os.path.join(args.work, "root")
    run(["dpkg-deb", "-x", deb, root])
    hpfcc = os.path.join(root, "opt", "hpfcc", "bin", "hpfcc")
    exe = os.path.join(args.work, "demo-direct")
    run([hpfcc, "-O2", os.path.join(PROJECT, "main.cpp"),
         os.path.join(PROJECT, "helper.cpp"), "-o", exe])
    run_program(exe)
    example = os.path.join(args.work, "elements")
    run([hpfcc, "-O2", os.path.join(SOURCE_ROOT, "examples", "elements.cpp"),
         "-o", example])
    out = run([MPIEXEC, "-n", "2", example], env={"MPIEXEC_TIMEOUT": "60"})
    print("  examples/elements.cpp ran: " + out.strip().splitlines()[-1])
    bdir = os.path.join(args.work, "build-from-package")
    run(["cmake", "-S", PROJECT, "-B", bdir, "-G", "Ninja",
         "-DDEMO_USE_PACKAGE=ON",
         "-DCMAKE_PREFIX_PATH=" + os.path.join(root, "opt", "hpfcc")])
    run(["cmake", "--build", bdir])
    run_program(os.path.join(bdir, "demo"))
    print(f"  package test: {time.time() - start:.1f} s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["projects", "package"])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    try:
        (projects if args.what == "projects" else package)(args)
    except Failure as e:
        print(f"FAIL: {e}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
