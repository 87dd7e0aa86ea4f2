//===- plan/schedulers/Schedulers.h - the registered algorithms -*- C++ -*-===//
//
// One accessor per scheduling algorithm; SchedulerRegistry.cpp lists them.
// Each lives in its own file in this directory.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_SCHEDULERS_SCHEDULERS_H
#define HPF_PLAN_SCHEDULERS_SCHEDULERS_H

#include "plan/Scheduler.h"

namespace hpf::plan {

const Scheduler &roundRobinScheduler(); // caterpillar, (me + k) mod n
const Scheduler &coloringScheduler();   // bipartite edge colouring
const Scheduler &guoPanScheduler();     // paper 000, cyclic(x) -> cyclic(y)
const Scheduler &parkScheduler();       // paper 003, cyclic(x) -> cyclic(Kx)
const Scheduler &autoScheduler();       // best of all the others
const Scheduler &niceLpScheduler();     // NICE LP, XOR phases (paper 001)
const Scheduler &niceRsnScheduler();    // NICE RS_N, seeded (paper 001)
const Scheduler &dcaScheduler();        // divide and conquer (paper 002)
const Scheduler &relocationScheduler(); // Yook & Park list + relocation
const Scheduler &tpdrScheduler();       // TPDR (paper 004)
const Scheduler &etpdrScheduler();      // E-TPDR (paper 004)
const Scheduler &exactScheduler();      // branch and bound, small inputs

} // namespace hpf::plan

#endif // HPF_PLAN_SCHEDULERS_SCHEDULERS_H
