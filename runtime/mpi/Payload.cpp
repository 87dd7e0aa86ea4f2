//===- mpi/Payload.cpp - whether large blocks ask for huge pages ----------===//
//
// Internal to hpfrt (mpi/Payload.h). Transparent huge pages make a sweep
// over a large array cheaper (one TLB entry and one page fault per 2 MB),
// except in a virtual machine whose balloon device takes free memory back
// (virtio-balloon free page reporting, as in Firecracker): freed 2 MB
// blocks are handed to the hypervisor, and a huge page later built from
// one faults in the host again. Measured on such a guest (2-core Zen 5,
// 256 MB touched once after a 3 s pause): 0.35-0.6 s of system time with
// MADV_HUGEPAGE, 0.1 s with 4 KB pages; back to back, 0.01 s and 0.1 s.
// So large blocks are huge pages unless such a device is present (then
// mappings of 4 KB pages faulted in at once, mpi/Payload.h);
// HPF_HUGE_PAGES=1 or 0 decides instead.
//
//===----------------------------------------------------------------------===//
#include "mpi/Payload.h"

#ifndef HPF_SMPI
#include <filesystem>
#include <fstream>
#include <string>

namespace hpf::rt {
namespace {

/// A virtio-balloon device that reports free pages to the host: feature
/// bit 5 (VIRTIO_BALLOON_F_REPORTING) of a device the driver holds; sysfs
/// prints the feature bits as '0'/'1' characters, bit 0 first.
bool freePageReporting() {
  namespace fs = std::filesystem;
  std::error_code Err;
  const fs::path Driver = "/sys/bus/virtio/drivers/virtio_balloon";
  for (fs::directory_iterator It(Driver, Err), End; !Err && It != End;
       It.increment(Err)) {
    std::ifstream In(It->path() / "features");
    std::string Bits;
    if (In >> Bits && Bits.size() > 5 && Bits[5] == '1')
      return true;
  }
  return false;
}

} // namespace

bool hugePagesPay() {
  static const bool Pay = [] {
    if (const char *V = std::getenv("HPF_HUGE_PAGES"); V && *V)
      return V[0] != '0';
    return !freePageReporting();
  }();
  return Pay;
}

} // namespace hpf::rt
#endif
