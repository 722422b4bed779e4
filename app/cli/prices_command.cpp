// traindeck prices: the price catalogue the plan's cost comes from (the shipped
// rows with the user's own file over them), as a table or as JSON rows.

#include "cli/commands.h"
#include "text/exit_status.h"
#include "cli/plan_arguments.h"
#include "cli/terminal_text.h"
#include "localized.h"

#include "cost/money_text.h"
#include "cost/price_catalogue.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

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
                                             "shipped ones, and a plan's --price-per-gpu-hour wins over both."),
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

}  // namespace

int runPrices(int argc, char** argv) {
    bool json = false, help = false;
    std::string gpu, cloud;
    const std::vector<Option> own = {
        {"--gpu", true, Text(TD_TEXT("CliOptions", "only this GPU type (h100, h200, a100, a800, l40s)")),
         [&](const std::string& v) { gpu = v; return std::string(); }},
        {"--cloud", true, Text(TD_TEXT("CliOptions", "only this cloud (aws, gcp, azure, lambda, alibaba, or your own)")),
         [&](const std::string& v) { cloud = v; return std::string(); }},
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
