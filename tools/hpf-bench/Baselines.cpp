//===- hpf-bench/Baselines.cpp - naive, darray, ScaLAPACK, memcpy ---------===//

#include "Baselines.h"

#include "mpi/Env.h"

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <vector>

#ifdef HPF_HAVE_SCALAPACK
extern "C" {
void Cblacs_pinfo(int *Me, int *Procs);
void Cblacs_get(int Ctxt, int What, int *Val);
void Cblacs_gridinit(int *Ctxt, const char *Order, int Rows, int Cols);
void Cblacs_gridexit(int Ctxt);
void pdgemr2d_(const int *M, const int *N, const double *A, const int *IA,
               const int *JA, const int *DescA, double *B, const int *IB,
               const int *JB, const int *DescB, const int *Ctxt);
int numroc_(const int *N, const int *NB, const int *IProc, const int *ISrc,
            const int *NProcs);
}
#endif

namespace hpf::bench {

namespace {

void ok(int Code, const char *Fn) { rt::check(Code, Fn, "hpf-bench", nullptr); }

int me() { return hpf::rank(); }
int world() { return hpf::nranks(); }

plan::Index localCount(const plan::Distribution &D, int R) {
  return R < D.procs() ? D.localCount(R) : 0;
}

class Naive final : public Baseline {
public:
  Naive(const plan::Distribution &S, const plan::Distribution &D)
      : S(S), D(D), W(world()), Me(me()) {
    SC.resize(std::size_t(W));
    RC.resize(std::size_t(W));
    SD.resize(std::size_t(W));
    RD.resize(std::size_t(W));
    Pos.resize(std::size_t(W));
    SBuf.resize(std::size_t(localCount(S, Me)));
    RBuf.resize(std::size_t(localCount(D, Me)));
  }
  void run(const double *Src, double *Dst) override {
    // Count per destination (owner of every element), exchange counts.
    std::fill(SC.begin(), SC.end(), 0);
    plan::Index NS = localCount(S, Me), ND = localCount(D, Me);
    for (plan::Index L = 0; L < NS; ++L)
      ++SC[std::size_t(D.owner(S.globalIndex(Me, L)))];
    ok(MPI_Alltoall(SC.data(), 1, MPI_INT, RC.data(), 1, MPI_INT,
                    MPI_COMM_WORLD),
       "MPI_Alltoall");
    int Off = 0;
    for (int R = 0; R < W; ++R) {
      SD[std::size_t(R)] = Off;
      Pos[std::size_t(R)] = Off;
      Off += SC[std::size_t(R)];
    }
    Off = 0;
    for (int R = 0; R < W; ++R) {
      RD[std::size_t(R)] = Off;
      Off += RC[std::size_t(R)];
    }
    for (plan::Index L = 0; L < NS; ++L)
      SBuf[std::size_t(Pos[std::size_t(D.owner(S.globalIndex(Me, L)))]++)] =
          Src[L];
    ok(MPI_Alltoallv(SBuf.data(), SC.data(), SD.data(), MPI_DOUBLE, RBuf.data(),
                     RC.data(), RD.data(), MPI_DOUBLE, MPI_COMM_WORLD),
       "MPI_Alltoallv");
    // Every sender packed in increasing global order, which is also the
    // order of our local indices: take the next element from its source.
    for (int R = 0; R < W; ++R)
      Pos[std::size_t(R)] = RD[std::size_t(R)];
    for (plan::Index L = 0; L < ND; ++L)
      Dst[L] =
          RBuf[std::size_t(Pos[std::size_t(S.owner(D.globalIndex(Me, L)))]++)];
  }

private:
  plan::Distribution S, D;
  int W, Me;
  std::vector<int> SC, RC, SD, RD, Pos;
  std::vector<double> SBuf, RBuf;
};

bool darrayArgs(const plan::Distribution &X, int &Distrib, int &Darg,
                std::string &WhyNot) {
  switch (X.kind()) {
  case plan::DistKind::Block:
    Distrib = MPI_DISTRIBUTE_BLOCK;
    Darg = MPI_DISTRIBUTE_DFLT_DARG;
    return true;
  case plan::DistKind::BlockSize:
    Distrib = MPI_DISTRIBUTE_BLOCK;
    Darg = int(X.blockSize());
    return true;
  case plan::DistKind::Cyclic:
    Distrib = MPI_DISTRIBUTE_CYCLIC;
    Darg = int(X.blockSize());
    return true;
  default:
    WhyNot = "MPI darray has no " + X.format();
    return false;
  }
}

class Darray final : public Baseline {
public:
  Darray(const plan::Distribution &S, const plan::Distribution &D, int SDist,
         int SArg, int DDist, int DArg)
      : W(world()), Me(me()), NS(localCount(S, Me)), ND(localCount(D, Me)) {
    int N = int(S.size());
    SendTypes.assign(std::size_t(W), MPI_DOUBLE);
    RecvTypes.assign(std::size_t(W), MPI_DOUBLE);
    SendCounts.assign(std::size_t(W), 0);
    RecvCounts.assign(std::size_t(W), 0);
    Zero.assign(std::size_t(W), 0);
    // Source rank r's elements inside the global array.
    for (int R = 0; R < S.procs(); ++R) {
      MPI_Datatype T;
      int P = S.procs();
      ok(MPI_Type_create_darray(P, R, 1, &N, &SDist, &SArg, &P, MPI_ORDER_C,
                                MPI_DOUBLE, &T),
         "MPI_Type_create_darray");
      ok(MPI_Type_commit(&T), "MPI_Type_commit");
      if (Me < D.procs()) { // we receive r's elements into the scratch
        RecvTypes[std::size_t(R)] = T;
        RecvCounts[std::size_t(R)] = 1;
      } else {
        MPI_Type_free(&T);
      }
    }
    if (Me < S.procs())
      for (int R = 0; R < D.procs(); ++R)
        SendCounts[std::size_t(R)] = int(NS);
    if (Me < D.procs()) {
      int Q = D.procs();
      ok(MPI_Type_create_darray(Q, Me, 1, &N, &DDist, &DArg, &Q, MPI_ORDER_C,
                                MPI_DOUBLE, &Mine),
         "MPI_Type_create_darray");
      ok(MPI_Type_commit(&Mine), "MPI_Type_commit");
      Global.resize(std::size_t(N));
    }
  }
  ~Darray() override {
    for (MPI_Datatype &T : RecvTypes)
      if (T != MPI_DOUBLE)
        MPI_Type_free(&T);
    if (Mine != MPI_DATATYPE_NULL)
      MPI_Type_free(&Mine);
  }
  void run(const double *Src, double *Dst) override {
    ok(MPI_Alltoallw(Src, SendCounts.data(), Zero.data(), SendTypes.data(),
                     Global.data(), RecvCounts.data(), Zero.data(),
                     RecvTypes.data(), MPI_COMM_WORLD),
       "MPI_Alltoallw");
    if (Mine != MPI_DATATYPE_NULL) {
      int Pos = 0;
      ok(MPI_Pack(Global.data(), 1, Mine, Dst, int(ND * 8), &Pos,
                  MPI_COMM_SELF),
         "MPI_Pack");
    }
  }

private:
  int W, Me;
  plan::Index NS, ND;
  std::vector<MPI_Datatype> SendTypes, RecvTypes;
  std::vector<int> SendCounts, RecvCounts, Zero;
  MPI_Datatype Mine = MPI_DATATYPE_NULL;
  std::vector<double> Global;
};

#ifdef HPF_HAVE_SCALAPACK
class Scalapack final : public Baseline {
public:
  Scalapack(const plan::Distribution &S, const plan::Distribution &D)
      : M(int(S.size())) {
    int Me = 0, Procs = 0;
    Cblacs_pinfo(&Me, &Procs);
    Cblacs_get(-1, 0, &CtxA);
    Cblacs_gridinit(&CtxA, "R", S.procs(), 1);
    Cblacs_get(-1, 0, &CtxB);
    Cblacs_gridinit(&CtxB, "R", D.procs(), 1);
    Cblacs_get(-1, 0, &CtxAll);
    Cblacs_gridinit(&CtxAll, "R", Procs, 1);
    describe(DescA, CtxA, S, Me);
    describe(DescB, CtxB, D, Me);
  }
  ~Scalapack() override {
    for (int C : {CtxA, CtxB, CtxAll})
      if (C >= 0)
        Cblacs_gridexit(C);
  }
  void run(const double *Src, double *Dst) override {
    int One = 1;
    pdgemr2d_(&M, &One, Src, &One, &One, DescA, Dst, &One, &One, DescB,
              &CtxAll);
  }

private:
  void describe(int *Desc, int Ctx, const plan::Distribution &X, int Me) {
    int MB = int(X.blockSize()), Zero = 0, P = X.procs();
    int Row = Me < P ? Me : 0;
    int Lld = std::max(1, numroc_(&M, &MB, &Row, &Zero, &P));
    int Init[9] = {1, Me < P ? Ctx : -1, M, 1, MB, 1, 0, 0, Lld};
    std::copy(Init, Init + 9, Desc);
  }
  int M;
  int CtxA = -1, CtxB = -1, CtxAll = -1;
  int DescA[9], DescB[9];
};

/// pdgemr2d between two 2-D mappings of a row-major R x C matrix. ScaLAPACK
/// stores local blocks column-major, so our row-major local storage is its
/// storage of the C x R transpose: ScaLAPACK's rows are our dimension 1,
/// its columns our dimension 0. A BLACS grid of (grid extent of dimension
/// 1) x (of dimension 0) in column-major order numbers its processes like
/// our row-major grid, so both see the same local buffers.
class Scalapack2D final : public Baseline {
public:
  Scalapack2D(const plan::DistributionND &S, const plan::DistributionND &D)
      : M(int(S.dims()[1].size())), N(int(S.dims()[0].size())) {
    int Me = 0, Procs = 0;
    Cblacs_pinfo(&Me, &Procs);
    describe(DescA, CtxA, S, Me);
    describe(DescB, CtxB, D, Me);
    Cblacs_get(-1, 0, &CtxAll);
    Cblacs_gridinit(&CtxAll, "R", Procs, 1);
  }
  ~Scalapack2D() override {
    for (int C : {CtxA, CtxB, CtxAll})
      if (C >= 0)
        Cblacs_gridexit(C);
  }
  void run(const double *Src, double *Dst) override {
    int One = 1;
    pdgemr2d_(&M, &N, Src, &One, &One, DescA, Dst, &One, &One, DescB, &CtxAll);
  }

private:
  /// Grid extent, block size and this rank's coordinate of one dimension.
  struct Dim {
    int Procs, Block, Coord;
  };
  static Dim dimOf(const plan::DistributionND &X, int K, int Me) {
    const plan::Distribution &D = X.dims()[std::size_t(K)];
    bool In = Me < X.procs();
    if (D.kind() == plan::DistKind::Collapsed)
      return {1, int(std::max<plan::Index>(D.size(), 1)), 0};
    // The grid dimension of K: the distributed dimensions before it.
    int G = 0;
    for (int J = 0; J < K; ++J)
      G += X.dims()[std::size_t(J)].kind() != plan::DistKind::Collapsed;
    int Coord = In ? X.coordinates(Me)[std::size_t(G)] : 0;
    return {D.procs(), int(D.blockSize()), Coord};
  }
  void describe(int *Desc, int &Ctx, const plan::DistributionND &X, int Me) {
    Dim R = dimOf(X, 1, Me), C = dimOf(X, 0, Me); // ScaLAPACK rows, columns
    Cblacs_get(-1, 0, &Ctx);
    Cblacs_gridinit(&Ctx, "C", R.Procs, C.Procs);
    bool In = Me < X.procs();
    int Zero = 0;
    int Lld = std::max(1, numroc_(&M, &R.Block, &R.Coord, &Zero, &R.Procs));
    int Init[9] = {1, In ? Ctx : -1, M, N, R.Block, C.Block, 0, 0, Lld};
    std::copy(Init, Init + 9, Desc);
  }
  int M, N;
  int CtxA = -1, CtxB = -1, CtxAll = -1;
  int DescA[9], DescB[9];
};
#endif

class Memcpy final : public Baseline {
public:
  explicit Memcpy(plan::Index N) : Me(me()) {
    if (Me == 0) {
      From.assign(std::size_t(N), 1.0);
      To.assign(std::size_t(N), 0.0);
    }
  }
  void run(const double *, double *) override {
    if (Me == 0)
      std::memcpy(To.data(), From.data(), From.size() * sizeof(double));
  }

private:
  int Me;
  std::vector<double> From, To;
};

} // namespace

std::unique_ptr<Baseline> makeNaive(const plan::Distribution &S,
                                    const plan::Distribution &D) {
  return std::make_unique<Naive>(S, D);
}

std::unique_ptr<Baseline> makeDarray(const plan::Distribution &S,
                                     const plan::Distribution &D,
                                     std::string &WhyNot) {
#ifdef HPF_SMPI
  // SimGrid's SMPI (3.32) aborts in MPI_Type_create_darray ("Not yet
  // implemented"): the row says n/a instead of ending the simulation.
  (void)S;
  (void)D;
  WhyNot = "SMPI has no MPI_Type_create_darray";
  return nullptr;
#else
  int SD, SA, DD, DA;
  if (!darrayArgs(S, SD, SA, WhyNot) || !darrayArgs(D, DD, DA, WhyNot))
    return nullptr;
  if (S.size() > (plan::Index(1) << 31) - 1) {
    WhyNot = "extent exceeds MPI int";
    return nullptr;
  }
  return std::make_unique<Darray>(S, D, SD, SA, DD, DA);
#endif
}

/// Whether pdgemr2d can run S -> D (every dimension block-cyclic or not
/// distributed, extents within ScaLAPACK's int); else WhyNot says why.
bool scalapackApplies([[maybe_unused]] const plan::DistributionND &S,
                      [[maybe_unused]] const plan::DistributionND &D,
                      std::string &WhyNot) {
#ifdef HPF_HAVE_SCALAPACK
  for (const plan::DistributionND *X : {&S, &D})
    for (const plan::Distribution &Dim : X->dims())
      if (!Dim.isBlockCyclic() && Dim.kind() != plan::DistKind::Collapsed) {
        WhyNot = "pdgemr2d is block-cyclic only";
        return false;
      }
  if (S.size() > (plan::Index(1) << 31) - 1) {
    WhyNot = "extent exceeds ScaLAPACK int";
    return false;
  }
  return true;
#else
  WhyNot = "built without ScaLAPACK (libscalapack-mpich-dev)";
  return false;
#endif
}

std::unique_ptr<Baseline> makeScalapack(const plan::Distribution &S,
                                        const plan::Distribution &D,
                                        std::string &WhyNot) {
  if (!scalapackApplies(plan::DistributionND::rank1(S),
                        plan::DistributionND::rank1(D), WhyNot))
    return nullptr;
#ifdef HPF_HAVE_SCALAPACK
  return std::make_unique<Scalapack>(S, D);
#else
  return nullptr;
#endif
}

std::unique_ptr<Baseline> makeScalapack2D(const plan::DistributionND &S,
                                          const plan::DistributionND &D,
                                          std::string &WhyNot) {
  if (!scalapackApplies(S, D, WhyNot))
    return nullptr;
#ifdef HPF_HAVE_SCALAPACK
  return std::make_unique<Scalapack2D>(S, D);
#else
  return nullptr;
#endif
}

std::unique_ptr<Baseline> makeMemcpy(plan::Index N) {
  return std::make_unique<Memcpy>(N);
}

} // namespace hpf::bench
