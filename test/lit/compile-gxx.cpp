// The rewritten program is readable C++ that both clang++-19 and g++
// compile warning-free (C++20: the runtime headers need it).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %S/../../examples/redistribute.cpp
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.cpp
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.loops.cpp %S/rewrite-loops.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.loops.cpp
// Halos (hpf::halo) in the generated loops.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.halo.cpp %S/rewrite-halo.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.halo.cpp
// Standard algorithms on distributed arrays (hpfcc/algorithms.h).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.alg.cpp %S/e2e-algorithms.cpp
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.alg.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.alg.cpp
// Adjacent nests fused row by row (codegen/Fusion.cpp).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.fusion.cpp %S/e2e-fusion.cpp
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.fusion.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.fusion.cpp
