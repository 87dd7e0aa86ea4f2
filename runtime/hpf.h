//===- hpf.h - HPF's processor inquiries for sequential and SPMD builds --===//
//
// One header for code that asks how many processors run it and builds both
// ways without #ifdef: under hpfcc (which defines __HPFCC__) these are the
// runtime's, in a plain compiler's sequential build they are 1 and 0.
//
//   #include <hpf.h>
//   int parts = hpf::number_of_processors(); // HPF's NUMBER_OF_PROCESSORS()
//   if (hpf::my_processor() == 0) ...         // 0 .. number_of_processors()-1
//
// hpfcc puts this directory on the include path; a sequential build adds
// it with -I"$(hpfcc --print-include-dir)" (the installed include/).
// Directives need no header: `processors P(number_of_processors())`.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_HPF_H
#define HPF_HPF_H

#ifdef __HPFCC__
#include "mpi/Env.h"
#else
namespace hpf {
inline int number_of_processors() { return 1; }
inline int my_processor() { return 0; }
} // namespace hpf
#endif

#endif // HPF_HPF_H
