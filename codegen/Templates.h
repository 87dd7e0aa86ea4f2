//===- codegen/Templates.h - copies of template instantiations --*- C++ -*-===//
//
// Function templates over distributed arrays. The analysis runs on
// functions whose parameters have array types; an instantiation of a
// template has them, but its body is the template's text, shared with
// every other instantiation (and the calls with plain arrays). So each
// instantiation called with distributed arrays gets a non-template copy,
// right after its template:
//
//   #line 12 "f.cpp"
//   double __hpf_dot_1(const double (&x)[37], const double (&y)[37]) {
//     using A [[maybe_unused]] = double[37];  <the template's body>
//   #line 17 "f.cpp"
//
// (parameters of the instantiation's types, the template's parameters
// declared at the top of the body so that its text means what it meant in
// the instantiation), the calls that pass distributed arrays call the copy,
// and the plugin analyses and rewrites the program again, where the copy is
// a function like any other. The template stays, for calls with plain
// arrays. `#line` keeps diagnostics at the template's lines.
//
// A function that is not a template but is called with distributed arrays
// and with plain ones for a parameter (declarations/Functions.cpp) is
// copied the same way, from its own text: its calls with distributed
// arrays call the copy, its plain calls keep it.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_TEMPLATES_H
#define HPF_CODEGEN_TEMPLATES_H

#include "../analysis/Analyzer.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace hpf::codegen {

/// The main file with the copies of the instantiations P.TemplateCalls
/// call and those calls redirected; nothing if a copy cannot be made
/// (reported at the token, with the reason).
std::optional<std::string> copyTemplates(clang::ASTContext &Ctx,
                                         clang::DiagnosticsEngine &D,
                                         const analysis::Program &P);

} // namespace hpf::codegen

#endif // HPF_CODEGEN_TEMPLATES_H
