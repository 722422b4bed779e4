#pragma once
// Prices a user brings in from a public catalogue they downloaded: SkyPilot's
// (github.com/skypilot-org/skypilot-catalog, catalogs/vN/<cloud>/vms.csv) or any CSV
// with its columns (InstanceType, AcceleratorName, AcceleratorCount, Price, SpotPrice,
// Region; AvailabilityZone optional). Each instance type of a GPU the planner knows
// becomes one row per region, on-demand and spot per GPU-hour (a region's zones differ
// in spot price: their median is kept), with the file and the day it was read as its
// source and date; the rows then go into the user's prices file, which is written whole.

#include "cost/layout_cost.h"
#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

struct PriceImport {
    std::vector<PriceRow> rows;
    int instances = 0;         // CSV lines read that carry GPUs
    int otherGpus = 0;         // of those, GPUs the planner has no model of (H100 PCIe, T4, ...), left out
    std::vector<std::string> otherGpuNames;
};

// The planner's key for a catalogue's accelerator name ("A100-80GB" → "a100", "A100"
// → "a100-40gb", "H100-MEGA" → "h100"); empty for a GPU the planner does not model.
std::string plannerGpuKey(std::string_view acceleratorName);

// Reads `csv` (SkyPilot's columns) as `cloud`'s prices; `source` and `date` go into
// every row. False with `error` naming the line when the file is not such a catalogue.
bool importCatalogueCsv(std::string_view csv, const std::string& cloud, const std::string& source,
                        const std::string& date, PriceImport& out, Text& error);

// The cloud a SkyPilot catalogue path names (".../catalogs/v8/aws/vms.csv" → "aws"); empty when none.
std::string cloudFromCataloguePath(const std::string& path);

// `rows` in the prices file's format (resources/prices.yaml's), one flow mapping a row.
std::string pricesYaml(const std::vector<PriceRow>& rows, const std::string& header);

// Merges `rows` over the prices file at `path` (its other rows kept; a row with the same
// cloud, region, GPU and GPUs per node replaced) and writes it whole (temporary file,
// then rename), creating its folder. An error text (the file and why), empty on success.
Text mergeIntoPricesFile(const std::string& path, const std::vector<PriceRow>& rows);

}  // namespace traindeck
