#pragma once
// A run's summary as labelled rows: what `traindeck watch` prints for a run and
// what the Watch page shows beside its run list, from one list so the two
// faces say the same. The figures are summarize()'s (summary.h).

#include "metrics/run.h"
#include "metrics/summary.h"
#include "text/text.h"

#include <vector>

namespace traindeck::metrics {

struct SummaryRow {
    Text label;
    Text value;
    bool alarm = false;  // a failing alarm or a problem now: shown as one
};

// The job-wide series beyond the ones every summary shows: a user's own scalars.
bool ownScalar(const std::string& metric);

// The run's state in one word: running (no end event yet), or how it ended
// (completed, failed, interrupted: the end event's status, as it wrote it).
Text runStatus(const RunSummary& s);

// In this order: status, steps (done of total), loss and PSNR (last, best),
// steady speed, the slowest rank, the user's own scalars, nodes, restarts, the
// end event, lines skipped or rejected, alarms, read problems, problems now.
std::vector<SummaryRow> summaryRows(const Run& run, const RunSummary& s);

}  // namespace traindeck::metrics
