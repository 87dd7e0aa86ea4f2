//===- hpfcc/loops.h - owner-computes loops of rewritten programs -*- C++ -*-=//
//
// What generated code includes for its `#pragma hpf independent` loops
// (codegen/RuntimeIncludes.h): every hpfcc/ header but checks.h. This header
// only includes them; each of them includes what it uses (hpfcc/segments.h
// for the owned segments), never this one, so the include graph has no
// cycle.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_LOOPS_H
#define HPFCC_LOOPS_H

// Owned segments of a dimension, the loops' helpers (hpfcc::owned_segments).
#include "hpfcc/segments.h"
// Levels over cyclic(1) dimensions as one strided run (hpfcc::owned_strided).
#include "hpfcc/strided.h"
// Constant row strides for nests versioned on them (hpfcc::rows).
#include "hpfcc/strides.h"
// Reads in the mapping a loop needs (hpfcc::realigned).
#include "hpfcc/reads.h"
// Slices read at loop-invariant subscripts (hpfcc::row).
#include "hpfcc/rows.h"
// Copies for nests that cannot run in parallel (hpfcc::replica).
#include "hpfcc/replica.h"
// Reads at subscripts planned from the loop's (hpfcc::fetched).
#include "hpfcc/fetch.h"
// Elements inner loops read through index arrays (hpfcc::needed_copy).
#include "hpfcc/needed.h"
// Standard algorithms on distributed arrays in replicated code
// (hpfcc::algo::fill, accumulate, swap_arrays, ...).
#include "hpfcc/algorithms.h"
#include "hpfcc/read_batch.h"

#endif // HPFCC_LOOPS_H
