#include "metrics/series_csv.h"

#include "files/write_whole.h"
#include "text/number_text.h"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace traindeck::metrics {

namespace {

void field(std::ostream& out, const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        out << text;
        return;
    }
    out << '"';
    for (char c : text) {
        if (c == '"') out << '"';
        out << c;
    }
    out << '"';
}

// A NaN of either sign is `nan`: the sign of a marked point means nothing.
void value(std::ostream& out, double v) { out << (std::isnan(v) ? std::string("nan") : formatNumber(v)); }

}  // namespace

std::vector<CsvSeries> everySeries(const std::vector<const Run*>& runs) {
    std::vector<CsvSeries> out;
    for (const Run* run : runs)
        for (const auto& [key, s] : run->allSeries())
            out.push_back({run, s.get()});
    return out;
}

void writeSeriesCsv(std::ostream& out, const std::vector<CsvSeries>& series) {
    out << "run,metric,rank,step,wall_time,value\n";
    for (const CsvSeries& c : series) {
        std::string prefix;
        {
            std::ostringstream p;
            field(p, c.run->name());
            p << ',';
            field(p, c.series->metric());
            p << ',';
            if (c.series->rank() >= 0) p << c.series->rank();
            p << ',';
            prefix = p.str();
        }
        for (const Point& p : c.series->points()) {
            char time[32];
            std::snprintf(time, sizeof time, "%.3f", p.wallTime);
            out << prefix << p.step << ',' << time << ',';
            value(out, p.value);
            out << '\n';
        }
    }
}

Text saveSeriesCsv(const std::string& path, const std::vector<CsvSeries>& series) {
    return writeWhole(path, [&](std::ostream& out) { writeSeriesCsv(out, series); });
}

}  // namespace traindeck::metrics
