#pragma once
// The price catalogue: the shipped rows (resources/prices.yaml, embedded at build
// time) with the user's own file over them (userPricesPath(), the same format;
// a row with the same cloud, region, GPU and GPUs per node replaces the shipped one).

#include "cost/layout_cost.h"
#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck {

struct PriceCatalogue {
    std::vector<PriceRow> rows;
    Text problem;  // the user's file could not be read (the shipped rows still hold)
};

// Rows from a catalogue text; `origin` names the file in rows and errors. On a bad
// file returns false with `error` naming the row.
bool parsePrices(std::string_view yaml, const std::string& origin, std::vector<PriceRow>& rows, Text& error);

const std::vector<PriceRow>& shippedPrices();
// $XDG_CONFIG_HOME/traindeck/prices.yaml, by default ~/.config/traindeck/prices.yaml.
std::string userPricesPath();
// `user`'s rows over `base`'s.
std::vector<PriceRow> mergedPrices(std::vector<PriceRow> base, const std::vector<PriceRow>& user);
// The shipped rows with the file at `userFile` over them, when it exists.
PriceCatalogue loadPrices(const std::string& userFile = userPricesPath());

// loadPrices() once per process: what the faces price plans with.
const PriceCatalogue& defaultPrices();

// The rows of one GPU and cloud (empty strings match all), in catalogue order.
std::vector<PriceRow> pricesFor(const std::vector<PriceRow>& rows, std::string_view gpu, std::string_view cloud);

}  // namespace traindeck
