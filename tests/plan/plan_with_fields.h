#pragma once
// A plan as a user writes it, field by field (plan_fields.h's keys and text values, as in
// a plan file or the window), and a Hugging Face config's architecture in the plan's
// spelling. A field that does not take its value stops the test.
#include "model/architecture.h"
#include "plan/plan_fields.h"

#include <QtGlobal>

#include <string>
#include <utility>
#include <vector>

inline traindeck::Plan withFields(traindeck::Plan p, const std::vector<std::pair<std::string, std::string>>& fields) {
    for (const auto& [key, value] : fields)
        if (const std::string error = traindeck::setPlanField(p, key, value).english(); !error.empty())
            qFatal("%s = %s: %s", key.c_str(), value.c_str(), error.c_str());
    return p;
}

// `config` is a file of tests/model/fixtures/configs (MODEL_CONFIGS).
inline std::string hfArchitecture(const std::string& config) {
    traindeck::model::Architecture a;
    traindeck::Text error;
    if (!traindeck::model::architectureFromHfConfigFile(std::string(MODEL_CONFIGS "/") + config, a, error))
        qFatal("%s: %s", config.c_str(), error.english().c_str());
    return traindeck::model::architectureText(a);
}
