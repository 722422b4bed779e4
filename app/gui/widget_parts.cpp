#include "gui/widget_parts.h"

#include <QLabel>
#include <QScrollArea>

namespace traindeck::gui {

QLabel* makeErrorLabel(QWidget* parent, bool bold) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(bold ? QStringLiteral("color: #c00000; font-weight: bold;") : QStringLiteral("color: #c00000;"));
    label->hide();
    return label;
}

QScrollArea* makeScrollArea(QWidget* content, QWidget* parent, bool framed) {
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    if (!framed)
        scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

}  // namespace traindeck::gui
