#include "gui/parts/widget_parts.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QWheelEvent>

// Q_INIT_RESOURCE names a global symbol: called from outside any namespace.
static void initIconResource() { Q_INIT_RESOURCE(traindeck); }

namespace traindeck::gui {
namespace {

bool takesTheWheel(const QWidget* w) { return qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractSpinBox*>(w); }

// Two halves. Qt gives a widget of Qt::WheelFocus the focus before any event filter
// sees the wheel event, so a combo or spin box (both WheelFocus) is made StrongFocus
// as it is polished: the wheel no longer focuses it. Then a wheel event for an
// unfocused one (or a part of one, a spin box's line edit) is ignored, so
// QApplication hands it on to the parents: the scroll area under the form scrolls.
class WheelGuard : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (!watched->isWidgetType())
            return false;
        if (event->type() == QEvent::Polish) {
            auto* w = static_cast<QWidget*>(watched);
            if (takesTheWheel(w) && w->focusPolicy() == Qt::WheelFocus)
                w->setFocusPolicy(Qt::StrongFocus);
            return false;
        }
        if (event->type() != QEvent::Wheel)
            return false;
        for (auto* w = static_cast<QWidget*>(watched); w && !w->isWindow(); w = w->parentWidget())
            if (takesTheWheel(w)) {
                if (w->hasFocus())
                    return false;
                event->ignore();
                return true;
            }
        return false;
    }
};

}  // namespace

void installWheelGuard() {
    static bool installed = false;
    if (!qApp || installed)
        return;
    installed = true;
    qApp->installEventFilter(new WheelGuard(qApp));
}

QLabel* makeErrorLabel(QWidget* parent, bool bold) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(bold ? QStringLiteral("color: #c00000; font-weight: bold;") : QStringLiteral("color: #c00000;"));
    label->hide();
    return label;
}

void styleBanner(QLabel* banner, bool failing) {
    banner->setStyleSheet(failing ? QStringLiteral("QLabel { background: #b3261e; color: white; padding: 6px; font-weight: bold; }")
                                  : QStringLiteral("QLabel { background: palette(alternate-base); padding: 6px; }"));
}

QScrollArea* makeScrollArea(QWidget* content, QWidget* parent, bool framed) {
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    if (!framed)
        scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

QIcon appIcon() {
    static const bool registered = (initIconResource(), true);
    (void)registered;
    return QIcon(QStringLiteral(":/traindeck/icons/traindeck.svg"));
}

}  // namespace traindeck::gui
