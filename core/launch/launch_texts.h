#pragma once
// What the faces say of a launch, in core's words (TD_TEXT templates, context
// "Launch"): a node row's state and why, the run's end, and a Slurm job's submit,
// stop and end. `traindeck launch` prints them and the Launch page draws them,
// each through app/localized.h; neither face writes words of its own for these
// facts (docs/architecture.md, "Facts and their one home").

#include "events.h"
#include "session_state.h"
#include "text/text.h"

#include <string>

namespace traindeck::launch {

// A node row's state: "running", "exited 1", "exited" (no status: killed outright);
// after a launch that ended before the node started, "check failed" (one of its
// checks did: the reason says which) or "not started"; empty before a launch.
Text nodeStateText(const NodeRow& row);
// Why the row is as it is: its reason (its first failed check, a lost connection),
// else that the launcher stopped it ("stopped (SIGTERM)") or what a
// signal's exit means ("killed (SIGKILL)"); empty: nothing to say.
Text nodeReasonText(const NodeRow& row);
// Both in one line, as a log says it: "running", "exited 137: killed (SIGKILL)",
// "exited 143: stopped (SIGTERM); checkpoint written: /ck/step-00000120.ckpt",
// "exited 143: stopped (SIGTERM)",
// "lost: no answer from …", "check failed: node 0 (gpu-0) has 4 GPUs …", "not started".
Text nodeSummaryText(const NodeRow& row);

// A pre-flight check's result (Event::Kind::Preflight): "ok   gpus: 2 GPUs, as the plan
// says", "FAIL gpus: node 0 (gpu-0) has 4 GPUs …" (the faces put the node before it).
Text preflightText(const Event& e);

// How the run ended, as a sentence (a banner): "Node 1 failed first: node 1 (gpu-1):
// killed (SIGKILL). Every other node was stopped."
Text endText(const LaunchEnd& end);
// The same as a log's last line, its outcome first ("completed", "failed: node 1
// (gpu-1): killed (SIGKILL)"): what scripts reading the command's stderr look for.
Text endLine(const LaunchEnd& end);

// A check that starts nothing, named in a text: "--dry-run" on the command line; the
// Launch page names the key "launch.dry_run" by its Check button.
Text dryRunField();

// A Slurm job (ScheduledJob): submitted, attached to again, being stopped, ended.
Text jobSubmittedText(const std::string& jobId);
Text jobAttachedText(const std::string& jobId, const std::string& runDir);
Text jobStoppingText(const std::string& jobId, double graceSeconds);
// How the job ended, the cause or the stop first ("job 12 completed", "job 12 failed: node n1,
// task 1: Exited with exit code 3 (Slurm: FAILED, exit code 1)", "job 12 was stopped (Slurm:
// FAILED, exit code 143)", "nothing submitted: …"); a check only (DryRun) names the run folder.
Text jobEndText(const LaunchEnd& end, const std::string& jobId, const std::string& runDir);

}  // namespace traindeck::launch
