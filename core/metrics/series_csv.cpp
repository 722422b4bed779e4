#include "metrics/series_csv.h"

#include "files/write_whole.h"

#include <charconv>
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

void value(std::ostream& out, double v) {
    if (std::isnan(v)) {
        out << "nan";
        return;
    }
    if (std::isinf(v)) {
        out << (v > 0 ? "inf" : "-inf");
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;  // shortest round trip
    out.write(text, end - text);
}

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
