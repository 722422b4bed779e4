#include "localized.h"

#include <QCoreApplication>

namespace traindeck::app {

std::string localized(const Text& text) {
    return text.render([](const char* context, const char* source) {
        return QCoreApplication::translate(context, source).toStdString();
    });
}

QString qLocalized(const Text& text) { return QString::fromStdString(localized(text)); }

}  // namespace traindeck::app
