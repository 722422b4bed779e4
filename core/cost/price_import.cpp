#include "cost/price_import.h"

#include "cost/price_catalogue.h"
#include "cost/value_text.h"
#include "files/write_whole.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace traindeck {

using cost_text::val;

namespace {

// One CSV line into its fields: commas split, double quotes hold commas ("{'Gpus': [...]}").
std::vector<std::string> csvFields(std::string_view line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
                out.back() += '"';
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else if (c != '\r') {
            out.back() += c;
        }
    }
    return out;
}

double number(const std::string& s) {
    if (s.empty()) return 0;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && v > 0 ? v : 0;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A YAML scalar: plain where it is safe, else double-quoted with its quotes escaped.
std::string scalar(const std::string& s) {
    const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '/';
    }) && !std::isdigit(static_cast<unsigned char>(s[0]));
    if (plain) return s;
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string price(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// GCP's catalogue lists a GPU VM's GPUs apart from the VM itself (a row without an
// instance type): the VM that carries `count` GPUs named `accelerator`, whose own row adds
// the CPUs and memory. Empty for another cloud's naming.
std::string gcpVmFor(const std::string& accelerator, int count) {
    const std::string n = std::to_string(count) + "g";
    if (accelerator == "H100") return "a3-highgpu-" + n;
    if (accelerator == "H100-MEGA") return "a3-megagpu-" + n;
    if (accelerator == "H200") return "a3-ultragpu-" + n;
    if (accelerator == "B200") return "a4-highgpu-" + n;
    if (accelerator == "A100-80GB") return "a2-ultragpu-" + n;
    if (accelerator == "A100") return "a2-highgpu-" + n;
    return {};
}

}  // namespace

std::string plannerGpuKey(std::string_view name) {
    std::string n;
    for (const char c : name) n += char(std::toupper(static_cast<unsigned char>(c)));
    static const std::map<std::string, std::string> keys = {
        {"H100", "h100"},          {"H100-SXM", "h100"},   {"H100-80GB", "h100"}, {"H100-MEGA", "h100"},
        {"H100-SXM5", "h100"},     {"H200", "h200"},       {"H200-SXM", "h200"},  {"A100-80GB", "a100"},
        {"A100-80GB-SXM", "a100"}, {"A100-SXM4-80GB", "a100"}, {"A100", "a100-40gb"}, {"A100-40GB", "a100-40gb"},
        {"L40S", "l40s"},          {"A800", "a800"},       {"B200", "b200"},      {"GH200", "gh200"},
        {"MI300X", "mi300x"},
    };
    const auto it = keys.find(n);
    return it == keys.end() ? std::string() : it->second;
}

std::string cloudFromCataloguePath(const std::string& path) {
    const std::filesystem::path p(path);
    const std::string dir = p.parent_path().filename().string();
    // catalogs/vN/<cloud>/vms.csv: the folder is the cloud; a bare file names none.
    return p.filename() == "vms.csv" && !dir.empty() ? dir : std::string();
}

bool importCatalogueCsv(std::string_view csv, const std::string& cloud, const std::string& source, const std::string& date,
                        PriceImport& out, Text& error) {
    std::istringstream in{std::string(csv)};
    std::string line;
    if (!std::getline(in, line)) {
        error = Text(TD_TEXT("CostMessages", "%1: empty, not a price catalogue"), {val(source)});
        return false;
    }
    const std::vector<std::string> header = csvFields(line);
    std::map<std::string, size_t> column;
    for (size_t i = 0; i < header.size(); ++i) column[header[i]] = i;
    for (const char* need : {"InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region"})
        if (!column.count(need)) {
            error = Text(TD_TEXT("CostMessages", "%1: no column %2: not a SkyPilot-style catalogue (InstanceType, "
                                                 "AcceleratorName, AcceleratorCount, Price, SpotPrice, Region)"),
                         {val(source), val(need)});
            return false;
        }
    const auto has = [&](const char* c) { return column.count(c) > 0; };
    // (instance, region) → the row and its zones' prices.
    struct Gathered {
        PriceRow row;
        std::vector<double> onDemand, spot;
    };
    std::map<std::pair<std::string, std::string>, Gathered> byInstance;
    std::vector<std::pair<std::string, std::string>> order;
    // VMs without GPUs of their own, by (instance, region): GCP's GPU VMs are priced as such a
    // VM plus its GPUs' row.
    std::map<std::pair<std::string, std::string>, Gathered> hosts;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty() || line == "\r") continue;
        const std::vector<std::string> f = csvFields(line);
        const auto at = [&](const char* c) { return has(c) && column[c] < f.size() ? f[column[c]] : std::string(); };
        const std::string accelerator = at("AcceleratorName");
        const double count = number(at("AcceleratorCount"));
        if (accelerator.empty() || count < 1) {  // no GPUs: kept only as a GPU VM's host
            Gathered& h = hosts[{at("InstanceType"), at("Region")}];
            if (const double p = number(at("Price"))) h.onDemand.push_back(p);
            if (const double p = number(at("SpotPrice"))) h.spot.push_back(p);
            continue;
        }
        ++out.instances;
        const std::string gpu = plannerGpuKey(accelerator);
        if (gpu.empty()) {
            ++out.otherGpus;
            if (std::find(out.otherGpuNames.begin(), out.otherGpuNames.end(), accelerator) == out.otherGpuNames.end())
                out.otherGpuNames.push_back(accelerator);
            continue;
        }
        const std::string instance = at("InstanceType"), region = at("Region");
        if (region.empty()) {
            error = Text(TD_TEXT("CostMessages", "%1: line %2: no region"), {val(source), val(std::to_string(lineNo))});
            return false;
        }
        const auto key = std::make_pair(instance.empty() ? accelerator + " x" + std::to_string(int(count)) : instance, region);
        auto [it, added] = byInstance.try_emplace(key);
        if (added) {
            order.push_back(key);
            PriceRow& r = it->second.row;
            r.cloud = cloud;
            r.region = region;
            r.gpu = gpu;
            r.gpusPerNode = int(count);
            r.instance = key.first;
            r.currency = "USD";  // SkyPilot's catalogues are in US dollars
            r.source = source;
            r.date = date;
            r.origin = source;
        }
        if (const double p = number(at("Price"))) it->second.onDemand.push_back(p);
        if (const double p = number(at("SpotPrice"))) it->second.spot.push_back(p);
    }
    for (const auto& key : order) {
        Gathered& g = byInstance[key];
        // On-demand is one price a region; spot differs by zone: the median of the zones.
        double onDemand = median(g.onDemand), spot = median(g.spot);
        std::vector<std::string> notes;
        if (const std::string vm = gcpVmFor(g.row.instance.substr(0, g.row.instance.find(" x")), g.row.gpusPerNode);
            !vm.empty() && g.row.instance.find(" x") != std::string::npos) {
            const auto host = hosts.find({vm, g.row.region});
            if (host != hosts.end()) {
                onDemand += median(host->second.onDemand);
                spot = spot > 0 && !host->second.spot.empty() ? spot + median(host->second.spot) : 0;
                g.row.instance = vm;
                notes.push_back("the VM and its GPUs together");
            } else {
                notes.push_back("the GPUs alone: the file has no price for their VM here");
            }
        }
        if (spot > 0 && onDemand > 0 && spot >= onDemand) spot = 0;  // no cheaper than on-demand: no spot offer
        if (spot > 0 && g.spot.size() > 1) notes.push_back("spot: the median of " + std::to_string(g.spot.size()) + " zones");
        g.row.onDemandPerGpuHour = onDemand / g.row.gpusPerNode;
        g.row.spotPerGpuHour = spot / g.row.gpusPerNode;
        for (const std::string& n : notes) g.row.note += (g.row.note.empty() ? "" : "; ") + n;
        if (g.row.onDemandPerGpuHour > 0 || g.row.spotPerGpuHour > 0) out.rows.push_back(std::move(g.row));
    }
    return true;
}

std::string pricesYaml(const std::vector<PriceRow>& rows, const std::string& header) {
    std::string out = header + "prices:\n";
    for (const PriceRow& r : rows) {
        out += "  - {cloud: " + scalar(r.cloud) + ", region: " + scalar(r.region) + ", gpu: " + scalar(r.gpu) +
               ", gpus_per_node: " + std::to_string(r.gpusPerNode) + ", instance: " + scalar(r.instance) + ",\n     ";
        if (r.onDemandPerGpuHour > 0) out += "on_demand_per_gpu_hour: " + price(r.onDemandPerGpuHour) + ", ";
        if (r.spotPerGpuHour > 0) out += "spot_per_gpu_hour: " + price(r.spotPerGpuHour) + ", ";
        out += "currency: " + scalar(r.currency) + ",\n     source: " + scalar(r.source) + ", date: " + scalar(r.date);
        if (!r.note.empty()) out += ", note: " + scalar(r.note);
        out += "}\n";
    }
    return out;
}

Text mergeIntoPricesFile(const std::string& path, const std::vector<PriceRow>& rows) {
    std::vector<PriceRow> kept;
    if (std::ifstream in(path); in) {
        std::stringstream text;
        text << in.rdbuf();
        Text error;
        // A file that cannot be read is not overwritten: its rows would be lost.
        if (!parsePrices(text.str(), path, kept, error)) return error;
    }
    const std::vector<PriceRow> merged = mergedPrices(std::move(kept), rows);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    return writeWhole(path, pricesYaml(merged, "# Your own GPU prices for TrainDeck (docs/cost.md): they replace or add to\n"
                                               "# the shipped catalogue's rows. `traindeck prices --refresh FILE` merges a\n"
                                               "# downloaded catalogue into this file.\n"));
}

}  // namespace traindeck
