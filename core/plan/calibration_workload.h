#pragma once
// The workload a calibration point was measured at (plan.h's MeasuredWorkload):
// its spelling after the speed, the plan the point stands for, and whether it may
// calibrate a plan at all. One decision for both faces: a point of another model or
// another GPU type is refused in one line that says why, never silently applied.
//
// Spelling (in --calibrate, plan files and the calibration panel), keys joined by ':'
// after '@', each optional:
//   1x1=22.8samples/s@micro=8:accum=1:seq=1024:ckpt=full:precision=bf16:zero=0:
//                     fsdp=full_shard:gpu=h100:params=124M:model=gpt2:host=43ms
// host is not a shape: it is the host's issue time per step the run measured beside its
// speed (metrics-protocol.md host_s), which lets the fit tell the host's pace apart.
// Nor are write=0.3GB/s and eval=2.9x: what the run's checkpoints and evaluations took
// (run_durations.h), which the time to finish uses.
// The bare LAYOUT=SPEED keeps meaning "at the plan as it stands".

#include "plan/plan.h"
#include "text/text.h"

#include <optional>
#include <string>
#include <string_view>

namespace traindeck {

// "micro=8:seq=1024:gpu=h100"; empty when nothing is said.
std::string workloadText(const MeasuredWorkload&);
// Reads the text after '@'; false with `error` set on an unknown key or value.
bool parseWorkload(std::string_view text, MeasuredWorkload& out, Text& error);

// The GPU catalogue's key of a device as a run names it ("NVIDIA H100 80GB HBM3" → h100,
// "cpu" → cpu); the lowered name itself when the catalogue holds none of it.
std::string gpuKeyOfDevice(std::string_view device);

// The plan's workload on `layout` as it stands, said in full: a point typed in the window
// keeps it, so editing the plan afterwards does not move the point.
MeasuredWorkload workloadOfPlan(const Plan& plan, const Layout& layout);

// The plan the point was measured on: `plan` with the point's workload and layout.
// The fit estimates the point there, so its constants are the model's, not the shape's.
Plan planAtPoint(const Plan& plan, const Calibration& point);

// Why the point cannot calibrate `plan`, in one line: measured on CPUs or another GPU
// type (the fitted efficiency is that device's), or on another model (its model type,
// or parameters more than 10% apart). Nothing when it transfers.
std::optional<Text> calibrationRefusal(const Plan& plan, const Calibration& point);

}  // namespace traindeck
