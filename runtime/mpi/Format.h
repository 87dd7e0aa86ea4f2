//===- mpi/Format.h - distribution formats as written -----------*- C++ -*-===//
//
// A format is what a directive writes inside ARRAY(...): block, block(k),
// cyclic, cyclic(k), gen_block(sizes), indirect(map). It becomes a
// distribution (hpf::plan::Distribution) once the extent and the processor
// count are known, i.e. when an array is created or redistributed; errors
// (gen_block sizes that do not sum to the extent, a list of the wrong
// length, negative sizes, k < 1) are reported then, with the directive's
// source location.
//
// Generated code spells formats with the helpers below:
//   hpf::block()  hpf::block(k)  hpf::cyclic()  hpf::cyclic(k)
//   hpf::collapsed()  ('*', N-D arrays only)
//   hpf::gen_block(sizes)  (a C array, std::array, std::vector, or ptr+count)
//   hpf::indirect(map)     (the same; one owner per element)
//   hpf::parse_format("cyclic(4)")  (text, e.g. from a command line)
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_FORMAT_H
#define HPF_MPI_FORMAT_H

#include "mpi/Env.h"
#include "plan/Distribution.h"
#include "plan/FormatSpec.h"

#include <cstddef>
#include <iterator>
#include <string>
#include <vector>

namespace hpf {

class format {
public:
  explicit format(plan::FormatSpec S) : Spec(std::move(S)) {}

  /// The distribution of an n-element dimension over `procs` processors.
  /// Errors end the program (hpf::fail) naming `operation` and `where`.
  plan::Distribution instantiate(index_t n, int procs,
                                 const char *operation = "distribute",
                                 const char *where = nullptr) const;
  const plan::FormatSpec &spec() const { return Spec; }
  /// "cyclic(4)", "gen_block(2,6,4)" ...
  std::string str() const;

private:
  plan::FormatSpec Spec;
};

format block();
format block(index_t k);
format cyclic(index_t k = 1);
/// The '*' of `distribute M(*, block)`: a dimension that is not distributed
/// (multi-dimensional arrays only).
format collapsed();
/// Fails (naming `where`) on text that is not a format.
format parse_format(const char *text, const char *where = nullptr);

namespace rt {
format genBlockFrom(std::vector<index_t> Sizes);
format indirectFrom(std::vector<index_t> Owners);
template <class It> std::vector<index_t> toIndexVector(It First, It Last) {
  std::vector<index_t> V;
  for (; First != Last; ++First)
    V.push_back(static_cast<index_t>(*First));
  return V;
}
} // namespace rt

/// gen_block(sizes): one block size per processor (any integer type).
template <class Int> format gen_block(const Int *sizes, std::size_t count) {
  return rt::genBlockFrom(rt::toIndexVector(sizes, sizes + count));
}
template <class Range> format gen_block(const Range &sizes) {
  return rt::genBlockFrom(
      rt::toIndexVector(std::begin(sizes), std::end(sizes)));
}
/// indirect(map): map[g] is the processor that owns element g.
template <class Int> format indirect(const Int *map, std::size_t count) {
  return rt::indirectFrom(rt::toIndexVector(map, map + count));
}
template <class Range> format indirect(const Range &map) {
  return rt::indirectFrom(rt::toIndexVector(std::begin(map), std::end(map)));
}

} // namespace hpf

#endif // HPF_MPI_FORMAT_H
