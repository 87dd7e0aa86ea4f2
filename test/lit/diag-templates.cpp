// Function templates over distributed arrays: what stays refused, each at
// the token with the reason. hpfcc analyses a non-template copy of each
// instantiation called with distributed arrays; directives other than
// independent inside a template, directives in class templates, templates
// it cannot copy (a parameter pack, a call before the definition of a
// template in a namespace, a call through a macro) and members of class
// templates are errors. The second run has no calls of templates with
// distributed arrays.
// RUN: %clang_verify %s
// RUN: %clang_verify -DCLASS_TEMPLATE %s
#include <cstddef>

constexpr int N = 16;

template <int K> double local() {
  double T[K];
#pragma hpf distribute T(block) // expected-error {{a distribute directive in function template 'local' is not supported (only 'independent', and 'distribute' of a parameter, are): declare the distributed array outside the template and pass it as an argument, whose mapping the template's copy inherits}}
  return 0;
}

template <class A> struct Box {
  void scale(A &x) {
#ifdef CLASS_TEMPLATE
#pragma hpf independent // expected-error {{hpf directives in class templates, their members and generic lambdas are not supported; place them in a function template or a function}}
#endif
    for (int i = 0; i < N; ++i)
      x[i] *= 2;
  }
};

template <class... As> double first(const As &...xs) {
  double s = 0;
  ((s += xs[0]), ...);
  return s;
}

namespace lib {
template <class A> double early(const A &x);
}

#define CALL_TWICE(f, x) f(x)

template <class A> void twice(A &x) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    x[i] *= 2;
}

double X[N];
#pragma hpf distribute X(block)

#ifndef CLASS_TEMPLATE
double useEarly() {
  return lib::early(X); // expected-error {{template 'early' is called with a distributed array before its definition, from where hpfcc cannot declare the copy of the instantiation it places after the template (a template or a call inside a namespace); define the template before this call}}
}

namespace lib {
template <class A> double early(const A &x) { return x[0]; }
}

int main() {
  Box<double[N]> B;
  B.scale(X); // expected-error {{distributed array 'X' is passed to 'scale', a member function of a class template (those take no distributed arrays yet; write a member of a class, or a function template)}}
  double s = first(X); // expected-error {{parameter pack 'As' of template 'first' cannot be declared in a non-template copy of its instantiation (hpfcc analyses one for the distributed arrays passed here); write the template without a parameter pack}}
  CALL_TWICE(twice, X); // expected-error {{this call of template 'twice' with a distributed array must name the template outside macros: hpfcc makes it call a copy of the instantiation}}
  return s > 0;
}
#else
// Without calls of templates with distributed arrays: the program is
// analysed once, and the directive in the class template is reported.
int main() {
  Box<double[N]> B;
  double Z[N] = {};
  B.scale(Z);
  return Z[0] > 0;
}
#endif
