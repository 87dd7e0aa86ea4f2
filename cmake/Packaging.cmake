# cpack -G DEB: a Debian package of the hpfcc toolchain (what
# cmake --install installs, see Install.cmake).
#
# The package installs under /opt/hpfcc, a tree of its own: its headers are
# named mpi/... and plan/..., too generic for /usr/include. /opt is on
# CMake's default search path, so find_package(hpfcc) needs no hint; the
# driver is /opt/hpfcc/bin/hpfcc (put /opt/hpfcc/bin on PATH). The driver
# runs clang-19 and links MPICH, hence the dependencies.
set(CPACK_PACKAGE_NAME hpfcc)
set(CPACK_PACKAGE_VENDOR "hpfcc")
set(CPACK_PACKAGE_CONTACT "hpfcc maintainers <hpfcc@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "HPF-style data distribution for C++: Clang plugin, driver and MPI runtime")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /opt/hpfcc)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "clang-${HPF_LLVM_VERSION}, mpich, libmpich-dev")
set(CPACK_STRIP_FILES ON)
include(CPack)
