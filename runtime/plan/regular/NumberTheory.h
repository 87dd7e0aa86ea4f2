//===- plan/regular/NumberTheory.h - small integer helpers ------*- C++ -*-===//
//
// Non-negative modulo, extended Euclid and modular inverses for the closed
// forms of papers 000 and 003. Both papers write "a mod b" for negative a and
// mean the non-negative residue; C++'s % does not, hence floorMod.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_NUMBERTHEORY_H
#define HPF_PLAN_REGULAR_NUMBERTHEORY_H

#include "plan/Distribution.h"

namespace hpf::plan::regular {

/// 128-bit intermediate for products of two 63-bit values (a GCC/Clang
/// extension; __extension__ keeps -Wpedantic quiet).
__extension__ typedef __int128 Wide;

/// a mod b in [0, b) for b > 0.
inline Index floorMod(Index A, Index B) {
  Index R = A % B;
  return R < 0 ? R + B : R;
}

/// The same on 128 bits (products of two 63-bit values).
inline Wide floorMod128(Wide A, Wide B) {
  Wide R = A % B;
  return R < 0 ? R + B : R;
}

/// Extended Euclid on A, B >= 0: returns g = gcd(A, B) and U, V with
/// U*A + V*B = g. The classic recursion on (B, A mod B): Park's send tables
/// (ParkTables.h) depend on which U, V are chosen, and this choice gives
/// the tables the paper prints (ParkTest.cpp).
struct Bezout {
  Index G, U, V;
};
inline Bezout extendedGcd(Index A, Index B) {
  if (B == 0)
    return {A, 1, 0};
  Bezout R = extendedGcd(B, A % B);
  return {R.G, R.V, R.U - (A / B) * R.V};
}

/// The inverse of A modulo M (gcd(A, M) must be 1); 0 for M == 1.
inline Index modInverse(Index A, Index M) {
  if (M == 1)
    return 0;
  return floorMod(extendedGcd(floorMod(A, M), M).U, M);
}

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_NUMBERTHEORY_H
