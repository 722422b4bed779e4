#pragma once
// What a spot (preemptible) layout's preemptions cost in time. A preempted node stops
// the whole job: the job waits for a new node and reloads (the restart time) and redoes
// the steps since its last checkpoint (half a checkpoint interval on average). With the
// plan's checkpoint interval, preemptions at `perNodeHour` per node, n nodes and T hours
// without preemptions, the expected time is T / (1 − n·rate·(restart + interval/2));
// without checkpoints a preemption loses the run so far (half of it on average), and
// the expected time solves T' = T + n·rate·T'·(restart + T'/2). Where neither has an
// answer the layout does not finish on spot.
//
// The rate is an assumption, stated wherever it is used: clouds publish no preemption
// rate for GPU instances (AWS's Spot Instance Advisor gives monthly interruption bands,
// and GPU instances sit in the highest, above 20% a month per instance; demand for H100
// spot capacity makes a preemption a day per node a fair planning figure).

#include "plan/estimate.h"
#include "plan/plan.h"

namespace traindeck {

inline constexpr double kSpotPreemptionsPerNodeHour = 1.0 / 24;  // one a day per node
inline constexpr double kSpotRestartS = 600;                       // new node, image, checkpoint reload

struct SpotPreemption {
    bool finishes = true;           // false: preemptions come faster than the run can progress
    double hours = 0;               // the expected time with preemptions
    double extraHours = 0;          // of which lost to preemptions
    double preemptions = 0;         // expected over the run
    double lostPerPreemptionS = 0;  // restart + the work redone
    double checkpointIntervalS = 0; // 0: the plan writes no checkpoints
};

// `hours`: the layout's time to finish without preemptions (its timeline).
SpotPreemption spotPreemption(const Plan& plan, const Estimate& estimate, double hours);

}  // namespace traindeck
