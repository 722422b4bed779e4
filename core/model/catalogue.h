#pragma once
// The model catalogue shipped as data (resources/models.yaml, built into the
// program): the models `plan --model NAME` and the wizard offer.

#include "model/architecture.h"
#include "text/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace traindeck::model {

struct CatalogueModel {
    std::string name;    // "llama-3.1-8b"
    std::string title;   // "Llama 3.1 8B"
    Architecture architecture;
    std::string preset;  // the trainer's preset it is, if any
    double tokens = 0;   // usual sequence length; 0: from the clip or the image
    bool video = false;  // frames × height × width make the sample
    std::string source;  // where its config was read ("" for the trainer's own models)
    std::string read;    // when, YYYY-MM-DD
};

// The catalogue; throws std::runtime_error if the built-in file is broken (a test reads it).
const std::vector<CatalogueModel>& modelCatalogue();
const CatalogueModel* findCatalogueModel(std::string_view name);
std::string catalogueNames();  // "llama-3.1-8b, ..."

// The catalogue as the wizard and `--model` list it: by family (in the catalogue's order of
// first appearance), within a family by parameter count, smallest first.
struct CatalogueFamily {
    Text title;                                // "Qwen3 mixture of experts"
    std::vector<const CatalogueModel*> models;
};
std::vector<CatalogueFamily> catalogueByFamily();
// "Qwen3 8B · 8.19B": the title and the parameter count as people write it.
std::string catalogueEntryText(const CatalogueModel&);

}  // namespace traindeck::model
