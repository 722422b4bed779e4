// traindeck prices: the price catalogue the plan's cost comes from (the shipped
// rows with the user's own file over them), as a table or as JSON rows.

#include "cli/commands.h"
#include "text/exit_status.h"
#include "cli/plan_arguments.h"
#include "cli/terminal_text.h"
#include "localized.h"

#include "cost/money_text.h"
#include "cost/price_catalogue.h"
#include "cost/price_import.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

namespace traindeck::cli {
namespace {

Text val(std::string v) { return Text::value(std::move(v)); }

void printPricesHelp(const std::vector<Option>& own) {
    printHelpOpening(app::localized(TD_TEXT("PricesCommand", "Usage: traindeck prices [OPTIONS]")),
                     {app::localized(TD_TEXT("PricesCommand",
                                             "Lists the GPU prices `traindeck plan` prices layouts with: per cloud, "
                                             "region, GPU type and instance, on-demand and spot per GPU-hour, each "
                                             "with the page it was read from and when. Prices change: your own rows "
                                             "in %1 (the format of resources/prices.yaml) replace or add to the "
                                             "shipped ones, and a plan's --price-per-gpu-hour wins over both. "
                                             "--refresh FILE merges a catalogue you downloaded (SkyPilot's "
                                             "catalogs/vN/CLOUD/vms.csv from github.com/skypilot-org/skypilot-catalog, "
                                             "or a CSV with its columns) into that file."),
                                     {val(userPricesPath())}),
                      app::localized(exitStatusHelp())});
    std::putchar('\n');
    printOptions(stdout, own);
}

nlohmann::ordered_json rowJson(const PriceRow& r) {
    using nlohmann::ordered_json;
    ordered_json j;
    j["cloud"] = r.cloud;
    j["region"] = r.region;
    j["gpu"] = r.gpu;
    j["gpus_per_node"] = r.gpusPerNode;
    j["instance"] = r.instance;
    j["on_demand_per_gpu_hour"] = r.onDemandPerGpuHour > 0 ? ordered_json(r.onDemandPerGpuHour) : ordered_json(nullptr);
    j["spot_per_gpu_hour"] = r.spotPerGpuHour > 0 ? ordered_json(r.spotPerGpuHour) : ordered_json(nullptr);
    j["on_demand_per_node_hour"] =
        r.onDemandPerGpuHour > 0 ? ordered_json(r.onDemandPerGpuHour * r.gpusPerNode) : ordered_json(nullptr);
    j["spot_per_node_hour"] = r.spotPerGpuHour > 0 ? ordered_json(r.spotPerGpuHour * r.gpusPerNode) : ordered_json(nullptr);
    j["currency"] = r.currency;
    j["source"] = r.source;
    j["date"] = r.date;
    j["note"] = r.note;
    j["origin"] = r.origin;
    return j;
}

void printRows(const std::vector<PriceRow>& rows) {
    // cloud 8, region 15, GPU × count 9, on-demand 10, spot 9, date 9, then the instance,
    // whose names run long (Standard_ND96amsr_A100_v4).
    const auto line = [](const std::string& cloud, const std::string& region, const std::string& gpu,
                         const std::string& onDemand, const std::string& spot, const std::string& date,
                         const std::string& instance) {
        std::printf("%s%s%s%s%s%s%s\n", padded(cloud, 8).c_str(), padded(region, 15).c_str(), padded(gpu, 9).c_str(),
                    padded(onDemand, 10).c_str(), padded(spot, 9).c_str(), padded(date, 9).c_str(), instance.c_str());
    };
    line(app::localized(TD_TEXT("PricesCommand", "cloud")), app::localized(TD_TEXT("PricesCommand", "region")),
         app::localized(TD_TEXT("PricesCommand", "GPU")), app::localized(TD_TEXT("PricesCommand", "on-demand")),
         app::localized(TD_TEXT("PricesCommand", "spot")), app::localized(TD_TEXT("PricesCommand", "read")),
         app::localized(TD_TEXT("PricesCommand", "instance")));
    const auto price = [](double v, const std::string& currency) { return v > 0 ? moneyText(v, currency) : std::string("—"); };
    for (const PriceRow& r : rows)
        line(r.cloud, r.region, r.gpu + " ×" + std::to_string(r.gpusPerNode), price(r.onDemandPerGpuHour, r.currency),
             price(r.spotPerGpuHour, r.currency), r.date, r.instance);
    std::putchar('\n');
    printWrapped("", app::localized(TD_TEXT("PricesCommand", "Per GPU-hour. Prices change: each row's source, date and "
                                                             "note are in --json; your own rows go in %1."),
                                    {val(userPricesPath())}),
                 0);
}

// Today as the catalogue dates its rows: "2026-12-02".
std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm t{};
    gmtime_r(&now, &t);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &t);
    return buf;
}

// --refresh FILE: a downloaded catalogue CSV into the user's prices file, written whole.
int refreshPrices(const std::string& file, std::string cloud) {
    const auto fail = [](const Text& why) {
        std::fprintf(stderr, "traindeck prices: %s\n", printable(app::localized(why), 2000).c_str());
        return kExitBadInput;
    };
    std::ifstream in(file);
    if (!in) return fail(Text(TD_TEXT("PricesCommand", "%1: cannot be read"), {val(file)}));
    std::stringstream text;
    text << in.rdbuf();
    if (cloud.empty()) cloud = cloudFromCataloguePath(file);
    if (cloud.empty())
        return fail(Text(TD_TEXT("PricesCommand", "%1: which cloud are these prices of? The path does not say "
                                                  "(SkyPilot's is catalogs/vN/CLOUD/vms.csv): add --cloud NAME"),
                         {val(file)}));
    PriceImport imported;
    Text error;
    if (!importCatalogueCsv(text.str(), cloud, file, today(), imported, error)) return fail(error);
    if (imported.rows.empty())
        return fail(Text(TD_TEXT("PricesCommand", "%1: no instance of a GPU the planner models (%2 GPU instances "
                                                  "read, such as %3): nothing written"),
                         {val(file), val(std::to_string(imported.instances)),
                          val(imported.otherGpuNames.empty() ? std::string("—") : imported.otherGpuNames.front())}));
    const std::string path = userPricesPath();
    if (const Text written = mergeIntoPricesFile(path, imported.rows); !written.empty()) return fail(written);
    std::set<std::string> regions;
    for (const PriceRow& r : imported.rows) regions.insert(r.region);
    printWrapped("", app::localized(TD_TEXT("PricesCommand", "%1 rows of %2 (%3 regions) written to %4, dated %5; %6 "
                                                             "instances of GPUs the planner does not model left out."),
                                    {val(std::to_string(imported.rows.size())), val(cloud),
                                     val(std::to_string(regions.size())), val(path), val(today()),
                                     val(std::to_string(imported.otherGpus))}),
                 0);
    return kExitDone;
}

}  // namespace

int runPrices(int argc, char** argv) {
    bool json = false, help = false;
    std::string gpu, cloud, refresh;
    const std::vector<Option> own = {
        {"--gpu", true, Text(TD_TEXT("CliOptions", "only this GPU type (h100, h200, a100, a800, l40s)")),
         [&](const std::string& v) { gpu = v; return std::string(); }},
        {"--cloud", true, Text(TD_TEXT("CliOptions", "only this cloud (aws, gcp, azure, lambda, alibaba, or your own)")),
         [&](const std::string& v) { cloud = v; return std::string(); }},  // with --refresh: the file's cloud
        {"--refresh", true, Text(TD_TEXT("CliOptions", "merge a catalogue CSV you downloaded (SkyPilot's vms.csv format) into "
                                                        "your prices file, dated today")),
         [&](const std::string& v) { refresh = v; return std::string(); }},
        {"--json", false, Text(TD_TEXT("CliOptions", "print JSON instead of the table")), [&](const std::string&) { json = true; return std::string(); }},
        {"--help", false, Text(TD_TEXT("CliOptions", "show this help")), [&](const std::string&) { help = true; return std::string(); }},
    };
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        const auto o = std::find_if(own.begin(), own.end(), [&](const Option& x) { return x.flag == a; });
        if (o == own.end()) {
            std::fprintf(stderr, "traindeck prices: %s\n",
                         app::localized(TD_TEXT("PricesCommand", "unknown option %1 (see traindeck prices --help)"),
                                        {val(printable(a))})
                             .c_str());
            return kExitBadInput;
        }
        std::string value;
        if (o->takesValue) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "traindeck prices: %s\n",
                             app::localized(TD_TEXT("PricesCommand", "%1 needs a value (see traindeck prices --help)"),
                                            {val(a)})
                                 .c_str());
                return kExitBadInput;
            }
            value = argv[++i];
        }
        o->apply(value);
    }
    if (help) {
        printPricesHelp(own);
        return kExitDone;
    }
    if (!refresh.empty()) return refreshPrices(refresh, cloud);
    const PriceCatalogue catalogue = loadPrices();
    if (!catalogue.problem.empty()) {
        std::fprintf(stderr, "traindeck prices: %s\n", printable(app::localized(catalogue.problem), 2000).c_str());
        return kExitBadInput;
    }
    const std::vector<PriceRow> rows = pricesFor(catalogue.rows, gpu, cloud);
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const PriceRow& r : rows) out.push_back(rowJson(r));
        std::cout << out.dump(2) << '\n';
    } else {
        printRows(rows);
    }
    return kExitDone;
}

}  // namespace traindeck::cli
