//===- plan/Distribution.h - one-dimensional data distributions -*- C++ -*-===//
//
// The HPF distribution formats of one array dimension over a processor count:
// block, block(k), cyclic(k), gen_block(sizes) and indirect(map), plus the
// collapsed '*' dimension of multi-dimensional arrays.
//
// Block, block(k) and cyclic(k) are all block-cyclic with some block size b
// (block = block(ceil(n/p)), block(k) = cyclic(k) with k*p >= n), so the
// owner and local-index maps of the regular kinds are closed forms in O(1).
// gen_block costs O(log p) (binary search over the block offsets); indirect
// keeps per-element tables, O(n) memory, as an explicit map must.
//
// This library depends on nothing but the C++ standard library: the compiler
// plugin and the MPI runtime both link it, so that a plan computed at compile
// time and one computed at run time are the same code.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_DISTRIBUTION_H
#define HPF_PLAN_DISTRIBUTION_H

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hpf::plan {

/// Global and local element indices and element counts. 64-bit everywhere:
/// plans for N = 10^12 elements are a design goal.
using Index = std::int64_t;

/// Every invalid argument of the plan library ends in this exception, with a
/// message meant for the user (no internal jargon, names the bad value).
class PlanError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// A * B and A + B for non-negative A and B, or INT64_MAX when the result
/// does not fit: for block ends and periods that may lie beyond any extent
/// (block(2^62), cyclic(2^63-1)), where "beyond" is all that matters.
inline Index mulOrSaturate(Index A, Index B) {
  Index R;
  return __builtin_mul_overflow(A, B, &R) ? INT64_MAX : R;
}
inline Index addOrSaturate(Index A, Index B) {
  Index R;
  return __builtin_add_overflow(A, B, &R) ? INT64_MAX : R;
}

enum class DistKind : std::uint8_t {
  Block,     ///< block: b = ceil(n / p)
  BlockSize, ///< block(k): b = k, requires k * p >= n
  Cyclic,    ///< cyclic(k), cyclic = cyclic(1)
  GenBlock,  ///< gen_block(sizes): one contiguous block per processor
  Indirect,  ///< indirect(map): map[g] is the owner of element g
  Collapsed, ///< '*': the dimension is not distributed (N-D only)
};

/// The distribution of one array dimension of extent n over p processors.
/// Cheap to copy (the per-element tables of gen_block/indirect are shared).
class Distribution {
public:
  static Distribution block(Index n, int procs);
  static Distribution blockSized(Index n, int procs, Index k);
  static Distribution cyclic(Index n, int procs, Index k = 1);
  static Distribution genBlock(std::vector<Index> sizes);
  static Distribution indirect(std::vector<int> owners, int procs);
  static Distribution collapsed(Index n);

  DistKind kind() const { return Kind; }
  Index size() const { return N; }
  int procs() const { return P; }

  /// True for block, block(k) and cyclic(k): the element g lives on
  /// processor (g / b) mod p.
  bool isBlockCyclic() const {
    return Kind == DistKind::Block || Kind == DistKind::BlockSize ||
           Kind == DistKind::Cyclic;
  }
  /// The block size b of a block-cyclic distribution.
  Index blockSize() const { return B; }
  /// b * p, the length of one cycle of a block-cyclic distribution, or
  /// INT64_MAX when b * p does not fit (cyclic(2^62) on 4 ranks): every
  /// index of an extent then lies in the first cycle, which is what
  /// divisions by the saturated period give.
  Index cyclePeriod() const { return mulOrSaturate(B, Index(P)); }
  /// The parameter as written: k of block(k)/cyclic(k), 0 for plain block.
  Index parameter() const { return Param; }

  /// True when every processor owns one contiguous range of global indices
  /// (gen_block, and block-cyclic with at most one block per processor).
  bool isContiguous() const;
  /// The global range [first, last) owned by a rank. Only if isContiguous().
  std::pair<Index, Index> range(int rank) const;

  int owner(Index g) const;
  Index localIndex(Index g) const;
  Index globalIndex(int rank, Index local) const;
  Index localCount(int rank) const;

  /// gen_block: block sizes and the prefix offsets (size p + 1).
  const std::vector<Index> &genBlockSizes() const;
  const std::vector<Index> &genBlockOffsets() const;
  /// indirect: the owner of every element.
  const std::vector<int> &indirectMap() const;

  /// The HPF spelling: "block", "block(5)", "cyclic", "cyclic(4)",
  /// "gen_block(2,6,4,4)", "indirect(0,1,1,0)", "*". Long gen_block and
  /// indirect lists are elided unless Full is set.
  std::string format(bool Full = false) const;

  /// True if both place every element on the same rank at the same local
  /// index (e.g. cyclic(n/p) and block when p divides n): a redistribution
  /// between them moves nothing.
  bool sameMapping(const Distribution &Other) const;

  bool operator==(const Distribution &Other) const;

private:
  struct GenBlockData {
    std::vector<Index> Sizes, Offsets;
  };
  struct IndirectData {
    std::vector<int> Owner;
    std::vector<Index> Local;                ///< local index of each element
    std::vector<std::vector<Index>> Globals; ///< owned elements per rank
  };

  Distribution(DistKind K, Index N, int P, Index B, Index Param)
      : Kind(K), N(N), P(P), B(B), Param(Param) {}

  DistKind Kind;
  Index N;
  int P;
  Index B;     // block size (block-cyclic kinds)
  Index Param; // as written
  std::shared_ptr<const GenBlockData> Gen;
  std::shared_ptr<const IndirectData> Ind;
};

/// Greatest common divisor and least common multiple; lcm returns -1 when the
/// result does not fit in an Index (callers then treat the period as
/// "longer than the array").
Index gcd(Index A, Index B);
Index lcmOrOverflow(Index A, Index B);

} // namespace hpf::plan

#endif // HPF_PLAN_DISTRIBUTION_H
