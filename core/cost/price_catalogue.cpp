#include "cost/price_catalogue.h"

#include "cost/prices_yaml.h"  // generated from resources/prices.yaml: kPricesYaml
#include "cost/value_text.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace traindeck {

using cost_text::val;

namespace {

// A price given per node-hour or per GPU-hour, as a price page lists it; 0 when absent.
double perGpu(const YAML::Node& row, const char* perNode, const char* perGpuKey, int gpus) {
    if (row[perGpuKey]) return row[perGpuKey].as<double>();
    if (row[perNode]) return row[perNode].as<double>() / gpus;
    return 0;
}

}  // namespace

bool parsePrices(std::string_view yaml, const std::string& origin, std::vector<PriceRow>& rows, Text& error) {
    std::vector<PriceRow> out;
    size_t index = 0;
    try {
        const YAML::Node root = YAML::Load(std::string(yaml));
        if (!root["prices"] || !root["prices"].IsSequence()) {
            error = Text(TD_TEXT("CostMessages", "%1: expected a list 'prices:' of rows"), {val(origin)});
            return false;
        }
        for (const YAML::Node& r : root["prices"]) {
            ++index;
            PriceRow row;
            row.cloud = r["cloud"].as<std::string>();
            row.region = r["region"].as<std::string>("");
            row.gpu = r["gpu"].as<std::string>();
            row.gpusPerNode = r["gpus_per_node"].as<int>(8);
            row.instance = r["instance"].as<std::string>("");
            row.currency = r["currency"].as<std::string>();
            row.source = r["source"].as<std::string>("");
            row.date = r["date"].as<std::string>("");
            row.note = r["note"].as<std::string>("");
            row.origin = origin;
            if (row.gpusPerNode < 1) throw std::runtime_error("gpus_per_node must be at least 1");
            row.onDemandPerGpuHour = perGpu(r, "on_demand_per_node_hour", "on_demand_per_gpu_hour", row.gpusPerNode);
            row.spotPerGpuHour = perGpu(r, "spot_per_node_hour", "spot_per_gpu_hour", row.gpusPerNode);
            if (row.onDemandPerGpuHour < 0 || row.spotPerGpuHour < 0) throw std::runtime_error("a price is negative");
            if (row.onDemandPerGpuHour == 0 && row.spotPerGpuHour == 0) throw std::runtime_error("no price");
            out.push_back(std::move(row));
        }
    } catch (const std::exception& e) {
        error = Text(TD_TEXT("CostMessages", "%1: row %2: %3"), {val(origin), val(std::to_string(index)), val(e.what())});
        return false;
    }
    rows = std::move(out);
    return true;
}

const std::vector<PriceRow>& shippedPrices() {
    static const std::vector<PriceRow> rows = [] {
        std::vector<PriceRow> out;
        Text error;
        if (!parsePrices(kPricesYaml, "resources/prices.yaml", out, error))
            throw std::runtime_error(error.english());  // a build with a broken catalogue fails its tests
        return out;
    }();
    return rows;
}

std::string userPricesPath() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = xdg && *xdg ? xdg : std::string(home ? home : ".") + "/.config";
    return base + "/traindeck/prices.yaml";
}

std::vector<PriceRow> mergedPrices(std::vector<PriceRow> base, const std::vector<PriceRow>& user) {
    for (const PriceRow& u : user) {
        bool replaced = false;
        for (PriceRow& b : base)
            if (b.cloud == u.cloud && b.region == u.region && b.gpu == u.gpu && b.gpusPerNode == u.gpusPerNode) {
                b = u;
                replaced = true;
            }
        if (!replaced) base.push_back(u);
    }
    return base;
}

PriceCatalogue loadPrices(const std::string& userFile) {
    PriceCatalogue c{shippedPrices(), {}};
    std::ifstream in(userFile);
    if (!in) return c;
    std::stringstream text;
    text << in.rdbuf();
    std::vector<PriceRow> user;
    if (parsePrices(text.str(), userFile, user, c.problem))
        c.rows = mergedPrices(std::move(c.rows), user);
    return c;
}

const PriceCatalogue& defaultPrices() {
    static const PriceCatalogue catalogue = loadPrices();
    return catalogue;
}

std::vector<PriceRow> pricesFor(const std::vector<PriceRow>& rows, std::string_view gpu, std::string_view cloud) {
    std::vector<PriceRow> out;
    for (const PriceRow& r : rows)
        if ((gpu.empty() || r.gpu == gpu) && (cloud.empty() || r.cloud == cloud)) out.push_back(r);
    return out;
}

}  // namespace traindeck
