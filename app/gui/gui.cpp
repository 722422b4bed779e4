#include "gui/gui.h"

#include <QApplication>
#include <QLabel>

namespace traindeck::gui {

// Placeholder window until the plan window lands (issue: the desktop app).
int run(int argc, char** argv) {
    QApplication app(argc, argv);
    QLabel label(QStringLiteral("TrainDeck"));
    label.show();
    return app.exec();
}

}  // namespace traindeck::gui
