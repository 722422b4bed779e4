#include "gui/parts/banner.h"

#include "gui/parts/widget_parts.h"

#include <QEvent>

namespace traindeck::gui {

Banner::Banner(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    hide();
}

void Banner::say(std::function<QString()> text, bool failing) {
    m_text = std::move(text);
    setText(m_text());
    styleBanner(this, failing);
    show();
}

void Banner::clear() {
    m_text = nullptr;
    QLabel::clear();
    hide();
}

void Banner::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_text)
        setText(m_text());
    QLabel::changeEvent(event);
}

}  // namespace traindeck::gui
