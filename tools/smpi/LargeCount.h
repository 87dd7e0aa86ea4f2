//===- tools/smpi/LargeCount.h - MPI-4 large-count calls for SMPI -*- C++ -*-=//
//
// Force-included (-include) into every file of the SMPI build only. SimGrid
// 3.32's SMPI has no MPI-4 large-count calls (MPI_Isend_c, ...), which hpfrt
// uses so that one message may exceed 2^31 bytes. Simulated runs move far
// less per message, so each call here forwards to the int-count call and
// aborts with a message when a count does not fit: the runtime's sources
// stay as they are and the normal (MPICH) build never sees this file.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_SMPI_LARGECOUNT_H
#define HPF_SMPI_LARGECOUNT_H

#include <mpi.h>

#include <climits>
#include <cstdio>
#include <vector>

// smpicxx force-includes smpi_helpers.h, whose function-like macro exit(x)
// (a rank's exit) also rewrites member functions named exit, such as
// CLI::App::exit. hpfrt and hpf-bench call exit only on fatal errors, where
// ending the whole simulation is right.
#undef exit

namespace hpf::smpi {

/// C, or the end of the simulation naming Call when it exceeds an int.
inline int toInt(long long C, const char *Call) {
  if (C < 0 || C > INT_MAX) {
    std::fprintf(stderr,
                 "hpfrt (SMPI build): %s: count %lld exceeds int, which is "
                 "all SMPI has (no MPI-4 large counts); use smaller arrays "
                 "in simulation\n",
                 Call, C);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return int(C);
}

template <class T>
std::vector<int> toInts(const T *V, int N, const char *Call) {
  std::vector<int> R(static_cast<std::size_t>(N));
  for (int I = 0; I < N; ++I)
    R[std::size_t(I)] = toInt(static_cast<long long>(V[I]), Call);
  return R;
}

inline int commSize(MPI_Comm C) {
  int N = 0;
  MPI_Comm_size(C, &N);
  return N;
}

} // namespace hpf::smpi

inline int MPI_Isend_c(const void *Buf, MPI_Count N, MPI_Datatype T, int Dest,
                       int Tag, MPI_Comm C, MPI_Request *R) {
  return MPI_Isend(Buf, hpf::smpi::toInt(N, "MPI_Isend_c"), T, Dest, Tag, C, R);
}

inline int MPI_Irecv_c(void *Buf, MPI_Count N, MPI_Datatype T, int Src, int Tag,
                       MPI_Comm C, MPI_Request *R) {
  return MPI_Irecv(Buf, hpf::smpi::toInt(N, "MPI_Irecv_c"), T, Src, Tag, C, R);
}

inline int MPI_Alltoallv_c(const void *SBuf, const MPI_Count *SC,
                           const MPI_Aint *SD, MPI_Datatype ST, void *RBuf,
                           const MPI_Count *RC, const MPI_Aint *RD,
                           MPI_Datatype RT, MPI_Comm C) {
  const int W = hpf::smpi::commSize(C);
  const char *Name = "MPI_Alltoallv_c";
  auto Sc = hpf::smpi::toInts(SC, W, Name), Sd = hpf::smpi::toInts(SD, W, Name),
       Rc = hpf::smpi::toInts(RC, W, Name), Rd = hpf::smpi::toInts(RD, W, Name);
  return MPI_Alltoallv(SBuf, Sc.data(), Sd.data(), ST, RBuf, Rc.data(),
                       Rd.data(), RT, C);
}

inline int MPI_Allgatherv_c(const void *SBuf, MPI_Count SC, MPI_Datatype ST,
                            void *RBuf, const MPI_Count *RC, const MPI_Aint *RD,
                            MPI_Datatype RT, MPI_Comm C) {
  const int W = hpf::smpi::commSize(C);
  const char *Name = "MPI_Allgatherv_c";
  auto Rc = hpf::smpi::toInts(RC, W, Name), Rd = hpf::smpi::toInts(RD, W, Name);
  return MPI_Allgatherv(SBuf, hpf::smpi::toInt(SC, Name), ST, RBuf, Rc.data(),
                        Rd.data(), RT, C);
}

inline int MPI_Type_contiguous_c(MPI_Count N, MPI_Datatype Old,
                                 MPI_Datatype *New) {
  return MPI_Type_contiguous(hpf::smpi::toInt(N, "MPI_Type_contiguous_c"), Old,
                             New);
}

inline int MPI_Type_create_subarray_c(int Dims, const MPI_Count *Sizes,
                                      const MPI_Count *Subs,
                                      const MPI_Count *Starts, int Order,
                                      MPI_Datatype Old, MPI_Datatype *New) {
  const char *Name = "MPI_Type_create_subarray_c";
  auto Si = hpf::smpi::toInts(Sizes, Dims, Name),
       Su = hpf::smpi::toInts(Subs, Dims, Name),
       St = hpf::smpi::toInts(Starts, Dims, Name);
  return MPI_Type_create_subarray(Dims, Si.data(), Su.data(), St.data(), Order,
                                  Old, New);
}

#endif // HPF_SMPI_LARGECOUNT_H
