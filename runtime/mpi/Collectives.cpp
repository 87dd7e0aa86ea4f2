//===- mpi/Collectives.cpp - reductions and barrier ----------------------===//

#include "mpi/LocReduce.h"
#include "mpi/Reduce.h"

#include "mpi/Comm.h"

#include <mpi.h>

#include <climits>
#include <string>
#include <vector>

namespace hpf {

namespace rt {

namespace {
MPI_Datatype mpiType(ScalarKind K) {
  switch (K) {
  case ScalarKind::Bool:
    return MPI_CXX_BOOL;
  case ScalarKind::Char:
    return MPI_CHAR;
  case ScalarKind::SChar:
    return MPI_SIGNED_CHAR;
  case ScalarKind::UChar:
    return MPI_UNSIGNED_CHAR;
  case ScalarKind::Short:
    return MPI_SHORT;
  case ScalarKind::UShort:
    return MPI_UNSIGNED_SHORT;
  case ScalarKind::Int:
    return MPI_INT;
  case ScalarKind::UInt:
    return MPI_UNSIGNED;
  case ScalarKind::Long:
    return MPI_LONG;
  case ScalarKind::ULong:
    return MPI_UNSIGNED_LONG;
  case ScalarKind::LongLong:
    return MPI_LONG_LONG;
  case ScalarKind::ULongLong:
    return MPI_UNSIGNED_LONG_LONG;
  case ScalarKind::Float:
    return MPI_FLOAT;
  case ScalarKind::Double:
    return MPI_DOUBLE;
  case ScalarKind::LongDouble:
    return MPI_LONG_DOUBLE;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op mpiOp(reduce_op Op) {
  switch (Op) {
  case reduce_op::sum:
    return MPI_SUM;
  case reduce_op::prod:
    return MPI_PROD;
  case reduce_op::min:
    return MPI_MIN;
  case reduce_op::max:
    return MPI_MAX;
  case reduce_op::land:
    return MPI_LAND;
  case reduce_op::lor:
    return MPI_LOR;
  case reduce_op::band:
    return MPI_BAND;
  case reduce_op::bor:
    return MPI_BOR;
  case reduce_op::bxor:
    return MPI_BXOR;
  }
  return MPI_OP_NULL;
}
} // namespace

void allreduceInPlace(void *Values, std::size_t Count, ScalarKind Kind,
                      reduce_op Op) {
  init();
  if (Count > std::size_t(INT_MAX))
    fail("reduction", "an array reduction of " + std::to_string(Count) +
                          " elements is more than one MPI_Allreduce can take");
  check(MPI_Allreduce(MPI_IN_PLACE, Values, int(Count), mpiType(Kind),
                      mpiOp(Op), comm()),
        "MPI_Allreduce", "reduction", nullptr);
}

void allgatherBytes(const void *Mine, std::size_t Bytes, void *All,
                    const char *Where) {
  init();
  if (Bytes > std::size_t(INT_MAX))
    fail("all-gather",
         "a value of " + std::to_string(Bytes) +
             " bytes is more than one MPI_Allgather can take",
         Where);
  check(MPI_Allgather(Mine, int(Bytes), MPI_BYTE, All, int(Bytes), MPI_BYTE,
                      comm()),
        "MPI_Allgather", "all-gather", Where);
}

void allgathervBytes(const void *Mine, const std::vector<std::size_t> &Bytes,
                     void *All, const char *Where) {
  init();
  std::vector<MPI_Count> Counts(Bytes.size());
  std::vector<MPI_Aint> Displs(Bytes.size());
  MPI_Aint Off = 0;
  for (std::size_t R = 0; R < Bytes.size(); ++R) {
    Counts[R] = MPI_Count(Bytes[R]);
    Displs[R] = Off;
    Off += MPI_Aint(Bytes[R]);
  }
  check(MPI_Allgatherv_c(Mine, Counts[std::size_t(rank())], MPI_BYTE, All,
                         Counts.data(), Displs.data(), MPI_BYTE, comm()),
        "MPI_Allgatherv", "element reads", Where);
}

std::vector<char> alltoallvBytes(const void *Send,
                                 const std::vector<std::size_t> &SendBytes,
                                 std::vector<std::size_t> &RecvBytes,
                                 const char *Where) {
  init();
  const std::size_t P = SendBytes.size();
  std::vector<int> SendCounts(P), RecvCounts(P), SendDispls(P), RecvDispls(P);
  auto Fits = [&](std::size_t Bytes) {
    if (Bytes > std::size_t(INT_MAX))
      fail("all-to-all",
           std::to_string(Bytes) +
               " bytes are more than one MPI_Alltoallv can take",
           Where);
    return int(Bytes);
  };
  std::size_t Total = 0;
  for (std::size_t R = 0; R < P; ++R) {
    SendDispls[R] = Fits(Total);
    SendCounts[R] = Fits(SendBytes[R]);
    Total += SendBytes[R];
  }
  Fits(Total);
  check(MPI_Alltoall(SendCounts.data(), 1, MPI_INT, RecvCounts.data(), 1,
                     MPI_INT, comm()),
        "MPI_Alltoall", "all-to-all", Where);
  RecvBytes.assign(P, 0);
  Total = 0;
  for (std::size_t R = 0; R < P; ++R) {
    RecvDispls[R] = Fits(Total);
    RecvBytes[R] = std::size_t(RecvCounts[R]);
    Total += RecvBytes[R];
  }
  Fits(Total);
  std::vector<char> Recv(Total);
  check(MPI_Alltoallv(Send, SendCounts.data(), SendDispls.data(), MPI_BYTE,
                      Recv.data(), RecvCounts.data(), RecvDispls.data(),
                      MPI_BYTE, comm()),
        "MPI_Alltoallv", "all-to-all", Where);
  return Recv;
}

ExactSum allreduceExact(ExactSum &Local) {
  std::int64_t Limbs[ExactSum::Size];
  Local.save(Limbs);
  allreduceInPlace(Limbs, ExactSum::Size, scalarKind<std::int64_t>(),
                   reduce_op::sum);
  return ExactSum::load(Limbs);
}

} // namespace rt

void barrier() {
  init();
  rt::check(MPI_Barrier(rt::comm()), "MPI_Barrier", "barrier", nullptr);
}

} // namespace hpf
