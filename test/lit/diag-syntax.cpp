// Malformed directives: one error each, at the offending token.
// RUN: %clang_verify %s
#pragma hpf scatter A // expected-error {{unknown hpf directive 'scatter' (expected processors, distribute, dynamic, redistribute, independent or inherit)}}
#pragma hpf distrbute A(block) // expected-error {{unknown hpf directive 'distrbute'; did you mean 'distribute'?}}
#pragma hpf // expected-error {{expected an hpf directive (processors, distribute, dynamic, redistribute, independent or inherit)}}
#pragma hpf 42 // expected-error {{expected an hpf directive}}
#pragma hpf align A(i) with B(i) // expected-error {{hpf directive 'align' is not supported (supported: processors, distribute, dynamic, redistribute, independent, inherit)}}
#pragma hpf template T(100) // expected-error {{hpf directive 'template' is not supported}}
#pragma hpf processors P // expected-error {{expected '(' and the extents of processor arrangement 'P', e.g. P(4) or P(*)}}
#pragma hpf processors P() // expected-error {{expected a processor count, found ')'}}
#pragma hpf processors P(4 // expected-error {{expected ')', found end of directive}}
#pragma hpf processors P(4, ) // expected-error {{expected a processor count, found ')'}}
#pragma hpf processors (4) // expected-error {{expected a processor arrangement name, found '('}}
#pragma hpf processors P(4) Q(5) // expected-error {{extra tokens at end of hpf directive: 'Q'}}
int A[10];
#pragma hpf distribute A // expected-error {{expected '(' and a distribution format after 'A', found end of directive}}
#pragma hpf distribute A() // expected-error {{expected a distribution format (block, cyclic, gen_block, indirect or *), found ')'}}
#pragma hpf distribute A(cylic) // expected-error {{unknown distribution format 'cylic'; did you mean 'cyclic'?}}
#pragma hpf distribute A(scattered) // expected-error {{unknown distribution format 'scattered' (expected block, cyclic, gen_block, indirect or *)}}
#pragma hpf distribute A(gen_block) // expected-error {{gen_block needs an argument: gen_block(array of block sizes)}}
#pragma hpf distribute A(indirect) // expected-error {{indirect needs an argument: indirect(array of owners)}}
#pragma hpf distribute A(block()) // expected-error {{expected a block size, found ')'}}
#pragma hpf distribute A(block(2) // expected-error {{expected ')', found end of directive}}
#pragma hpf distribute A(cyclic(f(1)) // expected-error {{expected ')', found end of directive}}
#pragma hpf distribute A(block(]) // expected-error {{unbalanced ']' in a block size}}
#pragma hpf distribute A(block) onto // expected-error {{expected a processor arrangement name after 'onto', found end of directive}}
#pragma hpf distribute A(block) on P // expected-error {{expected 'onto', found 'on'}}
#pragma hpf distribute A(block) extra // expected-error {{extra tokens at end of hpf directive: 'extra'}}
#pragma hpf distribute 3(block) // expected-error {{expected an array name, found '3'}}
#pragma hpf dynamic // expected-error {{expected an array name, found end of directive}}
#pragma hpf dynamic A B // expected-error {{extra tokens at end of hpf directive: 'B'}}
#pragma hpf redistribute A(block) onto P extra // expected-error {{extra tokens at end of hpf directive: 'extra'}}
#pragma hpf independent foo // expected-error {{expected 'reduction(op: variables)', 'new(variables)' or end of directive, found 'foo'}}
#pragma hpf independent reductoin(+: s) // expected-error {{unknown clause 'reductoin'; did you mean 'reduction'?}}
#pragma hpf independent reduction(-: s) // expected-error {{reduction operator '-' is not supported (use +, *, min, max, &&, ||, &, | or ^)}}
#pragma hpf independent reduction(minloc: s, k) // expected-error {{reduction operator 'minloc' is not supported: declare 'reduction(min: best)' and record the location in the if that updates it ('if (a[i] < best) { best = a[i]; where = i; }'): the locations need no clause}}
#pragma hpf independent reduction(+ s) // expected-error {{expected ':', found 's'}}
#pragma hpf independent reduction(+:) // expected-error {{expected a reduction variable, found ')'}}
#pragma hpf independent reduction(+: s // expected-error {{expected ')', found end of directive}}
#pragma hpf independent new x // expected-error {{expected '(', found 'x'}}
#pragma hpf independent new() // expected-error {{expected a variable name, found ')'}}
#pragma hpf independent nwe(x) // expected-error {{unknown clause 'nwe'; did you mean 'new'?}}
// Argument expressions are Clang's: its own errors, at the argument.
constexpr int K = 2;
#pragma hpf distribute A(cyclic(K * undeclared_k)) // expected-error {{use of undeclared identifier 'undeclared_k'}}
#pragma hpf dynamic Undeclared // expected-error {{use of undeclared identifier 'Undeclared'}}
