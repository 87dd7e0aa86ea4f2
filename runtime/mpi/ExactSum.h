//===- mpi/ExactSum.h - reproducible floating-point sums --------*- C++ -*-===//
//
// A parallel `reduction(+: s)` over doubles adds each rank's elements in a
// different order than the sequential loop, so the last bits of the result
// depend on the rank count. In reproducible mode (hpfcc
// --hpf-reproducible-sums) generated code adds every iteration's
// contribution to an ExactSum instead: a fixed-point accumulator wide
// enough for every finite double (2^-1074 to 2^1077, 32-bit digits in
// 64-bit limbs so carries can wait), so the sum is exact whatever the order
// of the additions and the partition of the iterations; the ranks' limbs
// are added exactly (MPI_Allreduce on integers), and the exact value is
// rounded once, by a fixed procedure. The result is then the same bits at
// every rank count (and close to the correctly rounded sum); it need not
// equal the sequential loop's left-to-right rounding, which is itself only
// one of many orders.
//
// Infinities and NaNs are counted apart and give what IEEE addition gives
// (inf + -inf = NaN). Standard library only; mpi/Reduce.h combines ranks.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_EXACTSUM_H
#define HPF_MPI_EXACTSUM_H

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace hpf::rt {

class ExactSum {
public:
  /// Digit k holds the multiple of 2^(32k - 1074); 68 digits cover the
  /// largest finite double with room for the carries of 2^31 additions.
  static constexpr int Digits = 70;
  static constexpr int Bias = 1074;

  void add(double X) {
    // |X| = Mag * 2^(Pos - 1074): the stored exponent E gives Pos = E - 1
    // and the hidden bit, except for subnormals (E = 0: Pos = 0, no hidden
    // bit). Zero adds zero digits.
    const auto Bits = std::bit_cast<std::uint64_t>(X);
    const bool Neg = Bits >> 63;
    const int E = int((Bits >> 52) & 0x7ff);
    const std::uint64_t Fraction = Bits & ((std::uint64_t(1) << 52) - 1);
    if (E == 0x7ff) { // infinity or NaN
      (Fraction != 0 ? NaNs : Neg ? NegInf : PosInf) += 1;
      return;
    }
    const std::uint64_t Mag = Fraction | (E ? std::uint64_t(1) << 52 : 0);
    const unsigned Pos = E ? unsigned(E - 1) : 0;
    const std::uint64_t Mask = 0xffffffffu;
    // Mag << S spans three digits (K + 2 <= 65 < Digits): shift its two
    // 32-bit halves apart.
    const unsigned S = Pos % 32, K = Pos / 32;
    const std::uint64_t Low = (Mag & Mask) << S;
    const std::uint64_t High = ((Mag >> 32) << S) + (Low >> 32);
    const std::int64_t Part[3] = {std::int64_t(Low & Mask),
                                  std::int64_t(High & Mask),
                                  std::int64_t(High >> 32)};
    for (unsigned I = 0; I < 3; ++I)
      Limb[K + I] += Neg ? -Part[I] : Part[I];
    if (++Pending == (1 << 30))
      normalize();
  }

  /// Adds another accumulator (exact).
  void add(const ExactSum &O) {
    normalize();
    ExactSum B = O;
    B.normalize();
    for (int I = 0; I < Digits; ++I)
      Limb[std::size_t(I)] += B.Limb[std::size_t(I)];
    NaNs += B.NaNs;
    PosInf += B.PosInf;
    NegInf += B.NegInf;
    Pending = 1;
    normalize();
  }

  /// The exact value, rounded by a fixed procedure: the digits of the
  /// canonical form, most significant first, each exact in a double. The
  /// same exact value always gives the same bits.
  double value() {
    if (NaNs || (PosInf && NegInf))
      return std::numeric_limits<double>::quiet_NaN();
    if (PosInf)
      return std::numeric_limits<double>::infinity();
    if (NegInf)
      return -std::numeric_limits<double>::infinity();
    normalize();
    // Canonical: digits 0..Digits-2 in [0, 2^32), the top one signed. A
    // negative value is summed as the negation of its magnitude's digits.
    std::array<std::int64_t, Digits> D = Limb;
    const bool Neg = D[Digits - 1] < 0;
    if (Neg) {
      std::int64_t Borrow = 0;
      for (int I = 0; I < Digits; ++I) {
        std::int64_t V = -D[std::size_t(I)] - Borrow;
        Borrow = 0;
        if (I < Digits - 1 && V < 0) {
          V += std::int64_t(1) << 32;
          Borrow = 1;
        }
        D[std::size_t(I)] = V;
      }
    }
    double R = 0;
    for (int I = Digits - 1; I >= 0; --I)
      if (D[std::size_t(I)])
        R += std::ldexp(double(D[std::size_t(I)]), 32 * I - Bias);
    return Neg ? -R : R;
  }

  /// The limbs and special counts, for combining ranks (Size entries).
  static constexpr int Size = Digits + 3;
  void save(std::int64_t *Out) {
    normalize();
    for (int I = 0; I < Digits; ++I)
      Out[I] = Limb[std::size_t(I)];
    Out[Digits] = NaNs;
    Out[Digits + 1] = PosInf;
    Out[Digits + 2] = NegInf;
  }
  /// The sum of accumulators saved on up to 2^31 ranks (added limb-wise).
  static ExactSum load(const std::int64_t *In) {
    ExactSum S;
    for (int I = 0; I < Digits; ++I)
      S.Limb[std::size_t(I)] = In[I];
    S.NaNs = In[Digits];
    S.PosInf = In[Digits + 1];
    S.NegInf = In[Digits + 2];
    S.Pending = 1;
    S.normalize();
    return S;
  }

private:
  /// Carries so that every digit but the top one is in [0, 2^32).
  void normalize() {
    if (!Pending)
      return;
    std::int64_t Carry = 0;
    for (int I = 0; I < Digits - 1; ++I) {
      const std::int64_t V = Limb[std::size_t(I)] + Carry;
      Carry = V >> 32; // arithmetic shift: floor division by 2^32
      Limb[std::size_t(I)] = V - (Carry << 32);
    }
    Limb[Digits - 1] += Carry;
    Pending = 0;
  }

  std::array<std::int64_t, Digits> Limb{};
  std::int64_t NaNs = 0, PosInf = 0, NegInf = 0;
  std::int64_t Pending = 0; ///< additions since the last normalize()
};

} // namespace hpf::rt

#endif // HPF_MPI_EXACTSUM_H
