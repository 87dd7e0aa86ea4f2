//===- mpi/LoopException.cpp - an exception leaving an independent loop ---===//
#include "mpi/LoopException.h"

#include "mpi/Exec.h"

#include <mpi.h>

#include <cstring>
#include <cxxabi.h>
#include <new>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

namespace hpf::rt {

namespace {

/// What other ranks can make a copy of. The numbers travel.
enum class Kind : long long {
  Unknown,
  Exception,
  BadAlloc,
  LogicError,
  InvalidArgument,
  DomainError,
  LengthError,
  OutOfRange,
  RuntimeError,
  RangeError,
  OverflowError,
  UnderflowError,
  String,
  CString,
  Int,
  Long,
  LongLong,
  UInt,
  ULong,
  Double,
  Float,
  Char,
};

std::string demangled(const char *Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string S = Status == 0 && D ? D : Name;
  std::free(D);
  return S;
}

template <class T> std::string bytesOf(const T &V) {
  return std::string(reinterpret_cast<const char *>(&V), sizeof V);
}
template <class T> T valueOf(const std::string &B) {
  T V{};
  std::memcpy(&V, B.data(), std::min(sizeof V, B.size()));
  return V;
}

/// The exception's kind and the text that rebuilds it (for Unknown: its
/// type's name and what it says, for the message).
std::pair<Kind, std::string> describe(const std::exception_ptr &E) {
  try {
    std::rethrow_exception(E);
  } catch (const std::exception &X) {
    const std::type_info &T = typeid(X);
    const std::pair<const std::type_info *, Kind> Known[] = {
        {&typeid(std::exception), Kind::Exception},
        {&typeid(std::bad_alloc), Kind::BadAlloc},
        {&typeid(std::logic_error), Kind::LogicError},
        {&typeid(std::invalid_argument), Kind::InvalidArgument},
        {&typeid(std::domain_error), Kind::DomainError},
        {&typeid(std::length_error), Kind::LengthError},
        {&typeid(std::out_of_range), Kind::OutOfRange},
        {&typeid(std::runtime_error), Kind::RuntimeError},
        {&typeid(std::range_error), Kind::RangeError},
        {&typeid(std::overflow_error), Kind::OverflowError},
        {&typeid(std::underflow_error), Kind::UnderflowError}};
    for (const auto &[Type, K] : Known)
      if (T == *Type)
        return {K, X.what()};
    return {Kind::Unknown,
            "'" + demangled(T.name()) + "' (what(): \"" + X.what() + "\")"};
  } catch (const std::string &S) {
    return {Kind::String, S};
  } catch (const char *S) {
    return {Kind::CString, S ? S : ""};
  } catch (int V) {
    return {Kind::Int, bytesOf(V)};
  } catch (long V) {
    return {Kind::Long, bytesOf(V)};
  } catch (long long V) {
    return {Kind::LongLong, bytesOf(V)};
  } catch (unsigned V) {
    return {Kind::UInt, bytesOf(V)};
  } catch (unsigned long V) {
    return {Kind::ULong, bytesOf(V)};
  } catch (double V) {
    return {Kind::Double, bytesOf(V)};
  } catch (float V) {
    return {Kind::Float, bytesOf(V)};
  } catch (char V) {
    return {Kind::Char, bytesOf(V)};
  } catch (...) {
    const std::type_info *T = abi::__cxa_current_exception_type();
    return {Kind::Unknown,
            "'" + (T ? demangled(T->name()) : std::string("?")) + "'"};
  }
}

/// Throws the copy of an exception that describe() described.
[[noreturn]] void throwCopy(Kind K, const std::string &B) {
  switch (K) {
  case Kind::Exception:
    throw std::exception();
  case Kind::BadAlloc:
    throw std::bad_alloc();
  case Kind::LogicError:
    throw std::logic_error(B);
  case Kind::InvalidArgument:
    throw std::invalid_argument(B);
  case Kind::DomainError:
    throw std::domain_error(B);
  case Kind::LengthError:
    throw std::length_error(B);
  case Kind::OutOfRange:
    throw std::out_of_range(B);
  case Kind::RuntimeError:
    throw std::runtime_error(B);
  case Kind::RangeError:
    throw std::range_error(B);
  case Kind::OverflowError:
    throw std::overflow_error(B);
  case Kind::UnderflowError:
    throw std::underflow_error(B);
  case Kind::String:
    throw B;
  case Kind::CString:
    // The original pointed at storage of the program (a literal, most
    // often) that lives on; so does this copy.
    throw static_cast<const char *>((new std::string(B))->c_str());
  case Kind::Int:
    throw valueOf<int>(B);
  case Kind::Long:
    throw valueOf<long>(B);
  case Kind::LongLong:
    throw valueOf<long long>(B);
  case Kind::UInt:
    throw valueOf<unsigned>(B);
  case Kind::ULong:
    throw valueOf<unsigned long>(B);
  case Kind::Double:
    throw valueOf<double>(B);
  case Kind::Float:
    throw valueOf<float>(B);
  case Kind::Char:
    throw valueOf<char>(B);
  case Kind::Unknown:
    break;
  }
  std::terminate();
}

} // namespace

void loop_exception::agree(const char *Directive, const char *Directions) {
  Agreed = true;
  --agreedDepth();
  const int N = nranks(), Me = rank();
  if (N == 1) {
    if (Pending)
      std::rethrow_exception(Pending);
    return;
  }
  // Each rank: whether it caught, then the iteration (one index a level).
  const int Width = 1 + Levels;
  std::vector<long long> Mine(std::size_t(Width), 0), All;
  Mine[0] = Pending ? 1 : 0;
  for (int K = 0; K < Levels; ++K)
    Mine[std::size_t(1 + K)] = Where[std::size_t(K)];
  All.resize(std::size_t(Width) * std::size_t(N));
  check(MPI_Allgather(Mine.data(), Width, MPI_LONG_LONG, All.data(), Width,
                      MPI_LONG_LONG, comm()),
        "MPI_Allgather", "exception", Directive);
  int First = -1;
  auto Before = [&](int A, int B) { // A's iteration runs before B's
    for (int K = 0; K < Levels; ++K) {
      long long X = All[std::size_t(A * Width + 1 + K)];
      long long Y = All[std::size_t(B * Width + 1 + K)];
      if (X != Y)
        return Directions[K] == '-' ? X > Y : X < Y;
    }
    return false;
  };
  for (int R = 0; R < N; ++R)
    if (All[std::size_t(R * Width)] && (First < 0 || Before(R, First)))
      First = R;
  if (First < 0)
    return;
  // The first one's rank says what it was; the others throw a copy.
  std::pair<Kind, std::string> D;
  if (Me == First)
    D = describe(Pending);
  long long Head[2] = {static_cast<long long>(D.first),
                       static_cast<long long>(D.second.size())};
  check(MPI_Bcast(Head, 2, MPI_LONG_LONG, First, comm()), "MPI_Bcast",
        "exception", Directive);
  D.second.resize(std::size_t(Head[1]));
  check(MPI_Bcast(D.second.data(), int(Head[1]), MPI_CHAR, First, comm()),
        "MPI_Bcast", "exception", Directive);
  const Kind K = static_cast<Kind>(Head[0]);
  if (K == Kind::Unknown) {
    if (Me == First)
      fail("exception",
           "an exception of type " + D.second +
               " left the independent loop on rank " + std::to_string(First) +
               "; the other ranks run other iterations and can be given a "
               "copy only of the standard library's exception types, "
               "strings and numbers: catch it inside the loop body",
           Directive);
    MPI_Barrier(comm()); // until rank First ends the job
  }
  if (Me == First)
    std::rethrow_exception(Pending);
  throwCopy(K, D.second);
}

void wait_for_exits(const char *Directive) {
  if (nranks() > 1)
    check(MPI_Barrier(comm()), "MPI_Barrier",
          "the end of a loop that may exit", Directive);
}

} // namespace hpf::rt
