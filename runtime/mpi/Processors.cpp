//===- mpi/Processors.cpp - processor arrangements ------------------------===//

#include "mpi/Processors.h"

#include <algorithm>
#include <string>

namespace hpf {

namespace {
/// "(4,2)"; with ZeroIsStar, 0 (an extent fitted() chooses) prints as '*'.
std::string shapeText(const std::vector<int> &Shape, bool ZeroIsStar = false) {
  std::string S = "(";
  for (std::size_t I = 0; I < Shape.size(); ++I) {
    if (I)
      S += ',';
    S += ZeroIsStar && Shape[I] == 0 ? "*" : std::to_string(Shape[I]);
  }
  return S + ")";
}
} // namespace

processors::processors(int n, const char *where) : processors({n}, where) {}

processors::processors(std::initializer_list<int> shape, const char *where)
    : Shape(shape) {
  init();
  long long Product = 1;
  for (int E : Shape) {
    if (E < 1)
      fail("processors",
           "arrangement " + shapeText(Shape) + " has an extent < 1", where);
    Product *= E;
    if (Product > (1 << 30))
      break;
  }
  if (Shape.empty())
    fail("processors", "arrangement has no extents", where);
  Size = Product > (1 << 30) ? (1 << 30) : int(Product);
  checkFits(where);
}

processors processors::fitted(std::initializer_list<int> shape,
                              const char *where) {
  std::vector<int> Shape(shape);
  // The given extents' product, capped: past the world size it only has to
  // stay too large (extents are ints, so the product never overflows).
  long long Given = 1;
  std::vector<std::size_t> Free;
  for (std::size_t I = 0; I < Shape.size(); ++I) {
    if (Shape[I] == 0) {
      Free.push_back(I);
      continue;
    }
    if (Shape[I] < 0)
      fail("processors",
           "arrangement " + shapeText(Shape, true) + " has an extent < 1",
           where);
    Given = std::min<long long>(Given * Shape[I], 1LL << 31);
  }
  if (Given > nranks())
    fail("processors",
         "arrangement " + shapeText(Shape, true) + " needs " +
             std::to_string(Given) + " ranks, but the program runs on " +
             std::to_string(nranks()) + " MPI ranks",
         where);
  int N = nranks() / int(Given);
  for (std::size_t I : Free)
    Shape[I] = 1;
  // Largest prime factors first, each onto the smallest chosen extent:
  // the extents end up as even as the factors allow.
  std::vector<int> Primes;
  for (int F = 2; N > 1 && F * F <= N; ++F)
    for (; N % F == 0; N /= F)
      Primes.push_back(F);
  if (N > 1)
    Primes.push_back(N);
  for (auto It = Primes.rbegin(); It != Primes.rend() && !Free.empty(); ++It) {
    std::size_t Min = Free[0];
    for (std::size_t I : Free)
      if (Shape[I] < Shape[Min])
        Min = I;
    Shape[Min] *= *It;
  }
  std::vector<int> Chosen;
  for (std::size_t I : Free)
    Chosen.push_back(Shape[I]);
  std::sort(Chosen.rbegin(), Chosen.rend());
  for (std::size_t K = 0; K < Free.size(); ++K)
    Shape[Free[K]] = Chosen[K];
  processors P;
  P.Shape = Shape;
  P.Size = 1;
  for (int E : Shape)
    P.Size *= E;
  return P;
}

processors processors::all() {
  processors P;
  P.Size = nranks();
  P.Shape = {P.Size};
  return P;
}

bool processors::contains_me() const { return contains(rank()); }

void processors::checkFits(const char *Where) const {
  if (Size > nranks())
    fail("processors",
         "arrangement " + shapeText(Shape) + " needs " + std::to_string(Size) +
             " processors, but the program runs on " +
             std::to_string(nranks()) + " MPI ranks",
         Where);
}

} // namespace hpf
