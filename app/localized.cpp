#include "localized.h"

#include "plan/plan_fields.h"

#include <QCoreApplication>

namespace traindeck::app {

namespace {

std::string translate(const char* context, const char* source) {
    return QCoreApplication::translate(context, source).toStdString();
}

}  // namespace

std::string localized(const Text& text) { return text.render(translate); }

std::string localized(TextTemplate t, std::vector<Text> args) { return localized(Text(t, std::move(args))); }

QString qLocalized(const Text& text, const Text::FieldNamer& ownNames) {
    return QString::fromStdString(text.render(translate, [&](const std::string& key) {
        if (ownNames)
            if (std::string name = ownNames(key); !name.empty())
                return name;
        const PlanField* field = findPlanField(key);
        return field && field->key == key ? field->label.render(translate) : std::string();
    }));
}

}  // namespace traindeck::app
