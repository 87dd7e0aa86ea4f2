//===- mpi/Processors.cpp - processor arrangements ------------------------===//

#include "mpi/Processors.h"

#include <string>

namespace hpf {

namespace {
std::string shapeText(const std::vector<int> &Shape) {
  std::string S = "(";
  for (std::size_t I = 0; I < Shape.size(); ++I) {
    if (I)
      S += ',';
    S += std::to_string(Shape[I]);
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
