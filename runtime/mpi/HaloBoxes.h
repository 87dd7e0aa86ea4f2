//===- mpi/HaloBoxes.h - box arithmetic for halo exchanges ---*- C++ -*-===//
//
// The box arithmetic and MPI types Halo.cpp (one box per rank) and
// HaloTiles.cpp (one box per block of a block-cyclic mapping) share.
// Internal to the runtime's .cpp files: it includes <mpi.h>.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_HALOBOXES_H
#define HPF_MPI_HALOBOXES_H

#include "mpi/Comm.h"
#include "mpi/DetachedSends.h"
#include "mpi/Env.h"
#include "mpi/Halo.h"

#include <mpi.h>

#include <memory>
#include <vector>

namespace hpf::rt {

/// [max of firsts, min of ends), never inverted.
Range intersect(Range A, Range B);
Box intersect(const Box &A, const Box &B);
/// True for a box of no dimensions or with an empty range.
bool empty(const Box &B);
index_t volume(const Box &B);
/// The box world rank R owns of a contiguous mapping (empty outside its
/// grid).
Box owned(const plan::DistributionND &D, int R);
/// Every dimension holds one contiguous range per rank.
bool contiguous(const plan::DistributionND &D);
/// An MPI type selecting box Part of the row-major box Whole, elements of
/// ElemType (committed). Freed by the caller.
MPI_Datatype subarray(const Box &Whole, const Box &Part, MPI_Datatype ElemType,
                      const char *Where);
/// Copies FromPart of the row-major box From (bytes at F) into ToPart (the
/// same shape) of the row-major box To (bytes at O); ES bytes an element.
void copyBox(const Box &From, const char *F, const Box &FromPart, const Box &To,
             char *O, const Box &ToPart, index_t ES);
/// A minus B (B empty or of no dimensions: A), as disjoint boxes: per
/// dimension, the slabs of A below and above B, earlier dimensions clipped
/// to B. Empty parts are dropped.
std::vector<Box> subtract(const Box &A, const Box &B);
/// The own elements no boundary iteration reads. An iteration is interior
/// in dimension d when its offsets stay in the block there: I[d] in
/// [Mine.first - CMin, Mine.second - CMax). Below that it reads within
/// W = CMax - CMin of the block's low edge in d, above it within W of the
/// high edge; so the block is shrunk by W on each side where this rank has
/// such iterations (Its: its iterations, any home mapping), and not at all
/// where it has none (the rows of a grid split by columns).
Box deepInterior(const Box &Mine, const Box &Its, const HaloReads &Rd);
/// The disjoint boxes of Src that a loop whose iterations cover the box
/// Mine (clipped to the loop's bounds) reads at Rd's offsets: the box
/// widened by the offsets, or without corners the core and the slabs
/// beside it; none if Mine has no iteration.
std::vector<Box> haloNeedAround(const Box &Mine,
                                const plan::DistributionND &Src,
                                const HaloReads &Rd);

/// A planned message: a send from the local storage or a receive into the
/// halo's buffer, each one derived type; or, with Buf, Count elements of
/// the predefined Type at Buf (a packed buffer).
struct HaloMessage {
  bool Send;
  int Peer;
  MPI_Datatype Type;
  void *Buf = nullptr;
  MPI_Count Count = 1;
};

/// What a halo keeps across loops for one pair of mappings and reads
/// (keptSetup finds it by them): its layout and the exchange plans made so
/// far, one per element size and frame. A plan frees its own MPI types.
template <class LayoutT, class PlanT> struct HaloSetup {
  plan::DistributionND Src, Home;
  HaloReads Rd;
  LayoutT Layout;
  std::vector<std::unique_ptr<PlanT>> Plans;
};

/// The set-up for these mappings and reads among Kept (the most recent
/// last; a few dozen kept, a program's distinct halos, the oldest dropped
/// beyond), made by Make() if there is none: a sweep builds the same halos
/// every iteration, and planning one looks at every rank's need.
template <class SetupT, class MakeFn>
SetupT &keptSetup(std::vector<std::unique_ptr<SetupT>> &Kept,
                  const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  MakeFn Make) {
  for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
    if ((*It)->Rd == Rd && (*It)->Src == Src && (*It)->Home == Home)
      return **It;
  constexpr std::size_t Keep = 64;
  if (Kept.size() >= Keep)
    Kept.erase(Kept.begin());
  Kept.push_back(Make());
  return *Kept.back();
}

/// Frees the messages' types, unless MPI is finalized (they went with it):
/// for the plans kept in static storage.
inline void freeMessages(std::vector<HaloMessage> &Msgs) {
  int Done = 1;
  MPI_Finalized(&Done);
  for (HaloMessage &M : Msgs)
    if (!Done && !M.Buf) // a packed buffer's type is predefined
      MPI_Type_free(&M.Type);
}

/// Posts the messages with Tag (receives into Out, sends from Local) and
/// runs CopyOwn while they travel. Reqs holds the requests to wait for:
/// every message's, or with Detach the receives' alone, the sends going
/// from copies that complete on their own (mpi/DetachedSends.h).
template <class CopyFn>
void startExchange(const std::vector<HaloMessage> &Msgs,
                   std::vector<MPI_Request> &Reqs, const void *Local, void *Out,
                   int Tag, const char *Where, bool Detach, CopyFn CopyOwn) {
  Reqs.clear();
  for (const HaloMessage &M : Msgs) {
    if (M.Send && Detach) {
      sendDetached(M.Buf ? M.Buf : Local, M.Count, M.Type, M.Peer, Tag, Where);
      continue;
    }
    MPI_Request &R = Reqs.emplace_back();
    if (M.Send)
      check(MPI_Isend_c(M.Buf ? M.Buf : Local, M.Count, M.Type, M.Peer, Tag,
                        comm(), &R),
            "MPI_Isend", "halo exchange", Where);
    else
      check(MPI_Irecv_c(M.Buf ? M.Buf : Out, M.Count, M.Type, M.Peer, Tag,
                        comm(), &R),
            "MPI_Irecv", "halo exchange", Where);
  }
  CopyOwn();
}

/// startExchange of every message, then waits for them all.
template <class CopyFn>
void runExchange(const std::vector<HaloMessage> &Msgs,
                 std::vector<MPI_Request> &Reqs, const void *Local, void *Out,
                 int Tag, const char *Where, CopyFn CopyOwn) {
  startExchange(Msgs, Reqs, Local, Out, Tag, Where, false, CopyOwn);
  if (!Reqs.empty())
    check(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall", "halo exchange", Where);
}

/// An exchange's statistics become lastHaloStats(), and its bytes count
/// towards HPF_HALO_REPORT's totals.
void recordHaloExchange(const HaloStats &St, index_t ElemSize);

} // namespace hpf::rt

#endif // HPF_MPI_HALOBOXES_H
