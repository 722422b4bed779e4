#pragma once
// Small pieces every page builds the same way: a label for an error message
// (one colour for "this is wrong" across the window), a banner's look, and a
// scroll area for a page that may be taller than the window.

class QLabel;
class QScrollArea;
class QWidget;

#include <QIcon>

namespace traindeck::gui {

// Word-wrapped, red, hidden until given text by the caller.
QLabel* makeErrorLabel(QWidget* parent, bool bold = false);
// A page's banner line (Launch, Slurm job, Watch alarms): red and bold when something
// failed or needs the user, else quiet on the palette's alternate base.
void styleBanner(QLabel* banner, bool failing);
// `content` scrolls inside the area and grows with its width.
QScrollArea* makeScrollArea(QWidget* content, QWidget* parent, bool framed = true);
// Combo and spin boxes take the mouse wheel only when they have the focus (a
// click or Tab gives it): rolling the wheel over a form scrolls the form rather
// than changing the setting under the pointer (Target platform went from
// Kubernetes to torchrun while scrolling). Application-wide; once is enough.
void installWheelGuard();

// TrainDeck's icon, from the traindeck.qrc resource of this static library (registered
// on the first call): the application's icon and the main window's.
QIcon appIcon();

}  // namespace traindeck::gui
