//===- plan/regular/ParkTables.h - paper 003's closed forms -----*- C++ -*-===//
//
// Park, Prasanna & Raghavendra, "Efficient algorithms for block-cyclic array
// redistribution between processor sets" (1998): R_x(P, K, Q), cyclic(x) on
// P sources -> cyclic(K*x) on Q destinations, P <= Q. Units are blocks of x
// elements; a superblock is lcm(P, K*Q) blocks, L_s = lcm(P, KQ)/P of them
// per source. With G1 = gcd(P, K), K1 = K/G1, P1 = P/G1, G2 = gcd(P1, Q),
// Q1 = Q/G2, P2 = P1/G2 and n*K1 - m*P1 = 1 (extended Euclid), step
// i = i1*Q1 + i2 and source j = j1*G1 + j2 (Theorem 2, Eqs. 17/18):
//
//   C_send(i, j) = ((n (j1 - i1)) mod P1 + ((i2 - j2) mod Q1) P1) mod Q
//   D_send(i, j) =  (m (j1 - i1)) mod K1 + ((i2 - j2) mod Q1) K1
//
// all mods non-negative. G = G1*G2 > K: not all-to-all, L_s steps of one
// block per superblock. G <= K (G == K included; the paper's pseudo-code
// drops it): all-to-all, only the first Q rows are steps, and a step's
// message gathers every local block with that destination ("folding"; not
// row-aligned: row i + Q need not equal row i in the same column, the
// destination reappears cyclically shifted). C_recv is our closed form (the
// paper omits it), O(min(G1, P2)) per entry.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_PARKTABLES_H
#define HPF_PLAN_REGULAR_PARKTABLES_H

#include "plan/Distribution.h"

#include <vector>

namespace hpf::plan::regular {

struct ParkTables {
  int P = 1, Q = 1;
  Index K = 1;
  Index G1 = 1, K1 = 1, P1 = 1, G2 = 1, Q1 = 1, P2 = 1, G = 1;
  Index Ls = 1, Ld = 1;       ///< local blocks per superblock: source, dest
  Index Superblock = 1;       ///< lcm(P, K*Q) blocks
  Index NCoef = 1, MCoef = 0; ///< n*K1 - m*P1 = 1
  Index InvKQ = 0;            ///< inverse of K*Q/G modulo P/G
  Index InvP2 = 0;            ///< inverse of P2 modulo Q1
  bool AllToAll = false;
  Index Steps = 1; ///< L_s, or Q when all-to-all

  /// Throws PlanError unless 1 <= P <= Q, K >= 1 and the superblock fits.
  static ParkTables make(int P, Index K, int Q);

  int cSend(Index Step, int J) const;
  Index dSend(Index Step, int J) const;
  /// The source that destination D receives from in Step, or -1 (idle).
  /// O(min(G1, P2)) (O(1) when P = Q and K divides P).
  int cRecv(Index Step, int D) const;
  /// Blocks per superblock sent in Step (by every source).
  Index stepBlocks(Index Step) const;
  /// Lemma 1: blocks per superblock from source p to destination q.
  Index messageBlocks(int Src, int Dst) const;
  /// The row of C_send/D_send holding source J's local block L (the
  /// inverse of D_send's column, O(1)).
  Index rowOfLocalBlock(Index L, int J) const;
  /// The destination of global block B (in a superblock).
  int destinationOfBlock(Index B) const { return int((B / K) % Q); }
};

/// Index computation for one source J: per step, the destination and the
/// local blocks (indices within one superblock, in the order of the rows of
/// C_send they come from). O(L_s + Q).
struct ParkSend {
  int Dst = -1;
  std::vector<Index> Blocks;
};
std::vector<ParkSend> parkSourceSteps(const ParkTables &T, int J);

/// For destination D: per step, the source (-1 idle) and the destination's
/// local block offsets (in units of x within one superblock's share) of the
/// blocks it receives, in the order the source packs them. O(L_d + G1 * Q):
/// the blocks from a source come from Lemma 1's residue k = (p - Kq) mod G
/// and one modular inverse, not from the source's column.
struct ParkRecv {
  int Src = -1;
  std::vector<Index> LocalBlocks;
};
std::vector<ParkRecv> parkDestinationSteps(const ParkTables &T, int D);

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_PARKTABLES_H
