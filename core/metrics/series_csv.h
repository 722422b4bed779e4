#pragma once
// Watched series as CSV, one row a point, one format for every export (the Watch
// page's "Export CSV…" and a card's, `traindeck watch --csv`):
//   run,metric,rank,step,wall_time,value
// rank empty for a job-wide series; wall_time in Unix seconds (milliseconds
// kept); value as the shortest text that reads back to the same double, `nan`,
// `inf` or `-inf` for a marked point. Fields with a comma, a quote or a line
// break are quoted (RFC 4180).

#include "metrics/run.h"
#include "text/text.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace traindeck::metrics {

struct CsvSeries {
    const Run* run = nullptr;
    const Series* series = nullptr;
};

// Every series of each run, the runs in the order given.
std::vector<CsvSeries> everySeries(const std::vector<const Run*>& runs);

void writeSeriesCsv(std::ostream& out, const std::vector<CsvSeries>& series);
// Written whole or not at all; an error text, empty on success.
Text saveSeriesCsv(const std::string& path, const std::vector<CsvSeries>& series);

}  // namespace traindeck::metrics
