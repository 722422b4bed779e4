// Slurm's reasons (squeue's REASON, scontrol's Reason=) in words: the ones a user
// of a training cluster meets, from Slurm's job_reason_string(). A reason not
// here is shown as Slurm's own word, its underscores as spaces.

#include "job.h"

#include <algorithm>
#include <string_view>

namespace traindeck::scheduler {

namespace {

struct Reason {
    std::string_view word;
    TextTemplate text;
};

// Exact words first; the prefixes (QOS…, AssocGrp…) after.
const Reason kReasons[] = {
    {"Resources", TD_TEXT("Scheduler", "waiting for free resources")},
    {"Priority", TD_TEXT("Scheduler", "waiting behind jobs of higher priority")},
    {"Dependency", TD_TEXT("Scheduler", "waiting for the jobs it depends on")},
    {"DependencyNeverSatisfied", TD_TEXT("Scheduler", "its dependency can never be met")},
    {"BeginTime", TD_TEXT("Scheduler", "waiting for its begin time (a requeued job waits a moment before it starts again)")},
    {"ReqNodeNotAvail", TD_TEXT("Scheduler", "a node it needs is not available (down, drained or reserved)")},
    {"Nodes_required_for_job_are_DOWN,_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions",
     TD_TEXT("Scheduler", "nodes it needs are down, drained or reserved for jobs of higher-priority partitions")},
    {"NodeDown", TD_TEXT("Scheduler", "a node of the job went down")},
    {"PartitionNodeLimit", TD_TEXT("Scheduler", "it asks more nodes than the partition allows")},
    {"PartitionTimeLimit", TD_TEXT("Scheduler", "its time limit is longer than the partition allows")},
    {"PartitionDown", TD_TEXT("Scheduler", "the partition is down")},
    {"PartitionInactive", TD_TEXT("Scheduler", "the partition is inactive")},
    {"JobHeldUser", TD_TEXT("Scheduler", "held by its user (scontrol release lets it run)")},
    {"JobHeldAdmin", TD_TEXT("Scheduler", "held by an administrator")},
    {"launch_failed_requeued_held", TD_TEXT("Scheduler", "its launch failed: Slurm requeued it and holds it")},
    {"BadConstraints", TD_TEXT("Scheduler", "no node meets its constraints")},
    {"Reservation", TD_TEXT("Scheduler", "waiting for its reservation to start")},
    {"Licenses", TD_TEXT("Scheduler", "waiting for licenses")},
    {"Prolog", TD_TEXT("Scheduler", "the nodes' prolog is running")},
    {"Cleaning", TD_TEXT("Scheduler", "waiting until its earlier run's nodes are cleaned up")},
    {"Reboot", TD_TEXT("Scheduler", "its nodes are rebooting")},
    {"TimeLimit", TD_TEXT("Scheduler", "it reached its time limit")},
    {"OutOfMemory", TD_TEXT("Scheduler", "a task ran out of memory")},
    {"JobLaunchFailure", TD_TEXT("Scheduler", "it could not be started on its nodes")},
    {"SystemFailure", TD_TEXT("Scheduler", "a failure of Slurm itself")},
    {"InvalidAccount", TD_TEXT("Scheduler", "its account is not valid")},
    {"InvalidQOS", TD_TEXT("Scheduler", "its QOS is not valid")},
};

const Reason kPrefixes[] = {
    {"QOS", TD_TEXT("Scheduler", "a limit of its QOS is reached")},
    {"AssocGrp", TD_TEXT("Scheduler", "a limit of its account is reached")},
    {"AssocMax", TD_TEXT("Scheduler", "a limit of its account is reached")},
};

}  // namespace

Text jobReasonText(const std::string& reason) {
    if (reason.empty() || reason == "None") return {};
    for (const Reason& r : kReasons)
        if (r.word == reason) return Text(r.text);
    for (const Reason& r : kPrefixes)
        if (reason.rfind(r.word, 0) == 0) return Text(r.text);
    std::string spaced = reason;
    std::replace(spaced.begin(), spaced.end(), '_', ' ');
    return Text::value(spaced);
}

}  // namespace traindeck::scheduler
