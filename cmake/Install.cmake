# cmake --install: the hpfcc toolchain and its CMake package.
#
#   bin/hpfcc                      driver (finds the rest relative to itself)
#   lib/hpfcc/libHpfPlugin.so      Clang plugin (rule in codegen/)
#   lib/libhpfrt.a lib/libhpfplan.a
#   include/...                    every header under runtime/, as the
#                                  rewritten code includes them ("mpi/...")
#   lib/cmake/hpfcc/               hpfccConfig.cmake, targets, version
#
# Included from the top-level CMakeLists.txt after every part is defined.
if(NOT TARGET hpfcc)
  return()
endif()
include(CMakePackageConfigHelpers)

set(HPFCC_INSTALL_BINDIR bin)
set(HPFCC_INSTALL_CMAKEDIR lib/cmake/hpfcc)

install(TARGETS hpfcc RUNTIME DESTINATION ${HPFCC_INSTALL_BINDIR})
if(TARGET hpf-plan)
  install(TARGETS hpf-plan RUNTIME DESTINATION ${HPFCC_INSTALL_BINDIR})
endif()
# Exported as hpfcc::runtime and hpfcc::plan.
set_target_properties(hpfrt PROPERTIES EXPORT_NAME runtime)
set_target_properties(hpfplan PROPERTIES EXPORT_NAME plan)
target_compile_features(hpfrt INTERFACE cxx_std_20)
install(TARGETS hpfrt hpfplan EXPORT hpfccTargets
  ARCHIVE DESTINATION lib
  INCLUDES DESTINATION include)
# Whatever headers the runtime has, in its layout (mpi/, plan/, ...).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/ DESTINATION include
  FILES_MATCHING PATTERN "*.h")
install(EXPORT hpfccTargets NAMESPACE hpfcc::
  DESTINATION ${HPFCC_INSTALL_CMAKEDIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/hpfccConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/hpfccConfig.cmake
  INSTALL_DESTINATION ${HPFCC_INSTALL_CMAKEDIR}
  PATH_VARS HPFCC_INSTALL_BINDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/hpfccConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/hpfccConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/hpfccConfigVersion.cmake
  DESTINATION ${HPFCC_INSTALL_CMAKEDIR})
