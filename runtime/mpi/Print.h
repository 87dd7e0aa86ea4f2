//===- mpi/Print.h - output of replicated code ------------------*- C++ -*-===//
//
// Replicated code runs on every rank; its output must appear once so that
// the SPMD program prints what the sequential program prints. Generated code
// replaces printf/puts/std::cout in replicated code by these, which write on
// rank 0 only (and flush, so output is not lost if another rank aborts).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_PRINT_H
#define HPF_MPI_PRINT_H

#include <ostream>

namespace hpf {

/// std::printf on rank 0; returns 0 elsewhere.
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/// std::puts on rank 0.
int puts(const char *s);
/// std::cout on rank 0, a stream that discards everything elsewhere.
std::ostream &out();

} // namespace hpf

#endif // HPF_MPI_PRINT_H
