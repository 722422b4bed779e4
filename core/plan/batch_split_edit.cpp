#include "plan/batch_split_edit.h"

#include "plan/plan_fields.h"

#include <string>

namespace traindeck {

BatchSplitEdit batchSplitEdit(const Plan& plan, long micro, long perGpu, long batch) {
    BatchSplitEdit out{{{"recipe.micro_batch", std::to_string(micro)}},
                       Text(TD_TEXT("FindingTexts", "micro-batch %1 × accumulation %2 (keeps batch %3)"),
                            {Text::value(std::to_string(micro)), Text::value(std::to_string(perGpu / micro)),
                             Text::value(std::to_string(batch))})};
    if (plan.recipe.globalBatch == 0)
        out.edits.push_back({"recipe.grad_accum", std::to_string(perGpu / micro)});
    return out;
}

Plan withEdits(Plan plan, const std::vector<FieldEdit>& edits) {
    for (const FieldEdit& e : edits) setPlanField(plan, e.key, e.value);
    return plan;
}

}  // namespace traindeck
